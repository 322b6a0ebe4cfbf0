-- CreateTable
CREATE TABLE "PaymentAttempt" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "method" TEXT,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PaymentAttempt_paymentId_createdAt_idx" ON "PaymentAttempt"("paymentId", "createdAt");

-- AddForeignKey
ALTER TABLE "PaymentAttempt" ADD CONSTRAINT "PaymentAttempt_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The escrow payment exists from initiation (decisions.md §9). Trades initiated before this had
-- none until the payer acted: give those still waiting for payment their Pending payment, and
-- those cancelled unpaid a Cancelled one, so every trade answers Get payment to escrow.
INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose", "amountMinor", "currency", "state", "externalId", "provider", "createdAt", "updatedAt")
SELECT gen_random_uuid()::text, t."tenantId", t."mode", t."id", t."payerMarketplaceUserId", 'Escrow', t."payerTotalMinor", t."currency",
       CASE WHEN t."state" = 'Cancelled' THEN 'Cancelled'::"PaymentState" ELSE 'Pending'::"PaymentState" END,
       'simpay_' || substr(md5(t."id" || random()::text), 1, 24), 'simulated', t."createdAt", t."createdAt"
FROM "Trade" t
WHERE t."state" IN ('Created', 'InvitationAccepted', 'Cancelled')
  AND NOT EXISTS (SELECT 1 FROM "Payment" p WHERE p."tradeId" = t."id" AND p."purpose" = 'Escrow' AND p."state" IN ('Pending', 'Paid', 'PartiallyRefunded', 'Refunded', 'Cancelled'));

-- A payment still pending on a trade that has ended will never be paid.
UPDATE "Payment" p SET "state" = 'Cancelled', "updatedAt" = now()
FROM "Trade" t
WHERE p."tradeId" = t."id" AND p."state" = 'Pending' AND t."state" IN ('Released', 'Cancelled', 'Returned');
