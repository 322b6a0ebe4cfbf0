-- A service account (a verified person and their payout account) belongs to one tenant. Until
-- now a live person connected through two marketplaces shared one account: one tenant's API read
-- the other's payout account number, and one tenant's payout-account page changed the other's.
--
-- Existing rows are split, nothing is lost: each account goes to the tenant that connected it
-- first (with its payout accounts): every other tenant that connected the same person gets a copy
-- of the person's verified details WITHOUT the payout account, because which tenant's flow saved
-- it cannot be told any more. Those sellers choose their payout account again (payouts wait
-- for it, as for any payee without one). Sandbox subjects carried the tenant id as a prefix to
-- keep tenants apart: the column does that now, so the prefix goes.

-- DropIndex (copies below share the person's subject, now unique per tenant)
DROP INDEX "ServiceAccount_mode_identitySubject_key";

ALTER TABLE "ServiceAccount" ADD COLUMN "tenantId" TEXT;

UPDATE "ServiceAccount" a SET "tenantId" = (
  SELECT u."tenantId" FROM "MarketplaceUser" u WHERE u."serviceAccountId" = a."id"
  ORDER BY u."connectedAt", u."createdAt", u."id" LIMIT 1
);

-- Accounts no marketplace user points at are unreachable: they (and their payout accounts) go.
DELETE FROM "ServiceAccount" WHERE "tenantId" IS NULL;

INSERT INTO "ServiceAccount" (
  "id", "tenantId", "mode", "identitySubject", "name", "phoneNumber", "address", "city", "postalCode",
  "nameAddressProtected", "passportVerified", "kycLevel", "createdAt", "updatedAt"
)
SELECT gen_random_uuid()::text, shared."tenantId", a."mode", a."identitySubject", a."name", a."phoneNumber", a."address",
  a."city", a."postalCode", a."nameAddressProtected", a."passportVerified", a."kycLevel", now(), now()
FROM (SELECT DISTINCT u."serviceAccountId", u."tenantId" FROM "MarketplaceUser" u) shared
JOIN "ServiceAccount" a ON a."id" = shared."serviceAccountId"
WHERE a."tenantId" <> shared."tenantId";

UPDATE "MarketplaceUser" u SET "serviceAccountId" = copy."id"
FROM "ServiceAccount" original, "ServiceAccount" copy
WHERE u."serviceAccountId" = original."id"
  AND original."tenantId" <> u."tenantId"
  AND copy."tenantId" = u."tenantId"
  AND copy."mode" = original."mode"
  AND copy."identitySubject" = original."identitySubject";

UPDATE "ServiceAccount" SET "identitySubject" = substr("identitySubject", length("tenantId") + 2)
WHERE "mode" = 'test' AND starts_with("identitySubject", "tenantId" || ':');

ALTER TABLE "ServiceAccount" ALTER COLUMN "tenantId" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "ServiceAccount_tenantId_mode_identitySubject_key" ON "ServiceAccount"("tenantId", "mode", "identitySubject");

-- AddForeignKey
ALTER TABLE "ServiceAccount" ADD CONSTRAINT "ServiceAccount_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
