-- Console sign-in throttles were kept per e-mail address, while logins are per tenant: one
-- tenant's admin could see and lift the throttle of an address that is another tenant's member.
-- They are now kept per login (a tenant's staff member), or per address for an address that has
-- no login able to sign in. Each address's throttle carries over to each of its logins that can
-- sign in (not disabled, invitation accepted), or stays on the address when it has none.
CREATE TEMPORARY TABLE "ThrottleByEmail" AS SELECT * FROM "ConsoleSignInThrottle";
DELETE FROM "ConsoleSignInThrottle";

-- AlterTable
ALTER TABLE "ConsoleSignInThrottle" DROP CONSTRAINT "ConsoleSignInThrottle_pkey",
DROP COLUMN "email",
ADD COLUMN     "key" TEXT NOT NULL,
ADD COLUMN     "staffId" TEXT,
ADD COLUMN     "tenantId" TEXT,
ADD CONSTRAINT "ConsoleSignInThrottle_pkey" PRIMARY KEY ("key");

-- CreateIndex
CREATE INDEX "ConsoleSignInThrottle_tenantId_staffId_idx" ON "ConsoleSignInThrottle"("tenantId", "staffId");

INSERT INTO "ConsoleSignInThrottle" ("key", "tenantId", "staffId", "failures", "lastFailureAt", "expiresAt")
SELECT 'tenant:' || s."tenantId" || ':staff:' || s."id", s."tenantId", s."id", t."failures", t."lastFailureAt", t."expiresAt"
FROM "ThrottleByEmail" t
JOIN "StaffUser" s ON s."email" = t."email" AND s."disabledAt" IS NULL AND s."inviteTokenHash" IS NULL;

INSERT INTO "ConsoleSignInThrottle" ("key", "tenantId", "staffId", "failures", "lastFailureAt", "expiresAt")
SELECT 'address:' || t."email", NULL, NULL, t."failures", t."lastFailureAt", t."expiresAt"
FROM "ThrottleByEmail" t
WHERE NOT EXISTS (
  SELECT 1 FROM "StaffUser" s WHERE s."email" = t."email" AND s."disabledAt" IS NULL AND s."inviteTokenHash" IS NULL
);

DROP TABLE "ThrottleByEmail";
