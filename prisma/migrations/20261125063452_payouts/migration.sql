-- CreateEnum
CREATE TYPE "PayoutState" AS ENUM ('Pending', 'Paid', 'Failed');

-- CreateTable
CREATE TABLE "Payout" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tradeId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "recipientMarketplaceUserId" TEXT,
    "businessUserId" TEXT,
    "businessId" TEXT,
    "businessLocationId" TEXT,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "bankAccountLast4" TEXT NOT NULL,
    "state" "PayoutState" NOT NULL DEFAULT 'Pending',
    "reference" TEXT NOT NULL,
    "providerPayoutId" TEXT,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" TIMESTAMP(3),
    "failedAt" TIMESTAMP(3),

    CONSTRAINT "Payout_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Payout_tenantId_mode_createdAt_id_idx" ON "Payout"("tenantId", "mode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Payout_tenantId_mode_state_createdAt_idx" ON "Payout"("tenantId", "mode", "state", "createdAt");

-- CreateIndex
CREATE INDEX "Payout_businessUserId_state_idx" ON "Payout"("businessUserId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "Payout_tradeId_attempt_key" ON "Payout"("tradeId", "attempt");

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Payouts made before payouts were records: one Paid row per payout transfer of the ledger, so
-- that GET /payouts, the console and finance's reconciliation see every payout ever made. The
-- account's last four digits are today's (the number used then was not kept).
INSERT INTO "Payout" ("id", "tenantId", "mode", "tradeId", "attempt", "recipientMarketplaceUserId", "businessUserId", "businessId", "businessLocationId",
                      "amountMinor", "currency", "bankAccountLast4", "state", "reference", "createdAt", "paidAt")
SELECT gen_random_uuid()::text, t."tenantId", t."mode", t."id", 1,
       CASE WHEN t."payeeBusinessUserId" IS NULL THEN t."payeeMarketplaceUserId" END,
       b."id", b."businessId", b."businessLocationId",
       p."amountMinor", lt."currency",
       right(regexp_replace(coalesce(b."payoutsAccountNumber", sa."bankAccountNumber", ''), '\s', '', 'g'), 4),
       'Paid', 'ESCROW-' || upper(substr(replace(t."id", '-', ''), 1, 8)) || '-1', lt."createdAt", lt."createdAt"
FROM "LedgerTransfer" lt
JOIN "LedgerPosting" p ON p."transferId" = lt."id" AND p."account" = 'payee_bank'
JOIN "Trade" t ON t."id" = lt."tradeId"
LEFT JOIN "BusinessUser" b ON b."id" = t."payeeBusinessUserId"
LEFT JOIN "MarketplaceUser" mu ON mu."tenantId" = t."tenantId" AND mu."mode" = t."mode" AND mu."marketplaceUserId" = t."payeeMarketplaceUserId"
LEFT JOIN "ServiceAccount" sa ON sa."id" = mu."serviceAccountId"
WHERE lt."kind" = 'payout' AND p."amountMinor" > 0;
