-- CreateEnum
CREATE TYPE "ChargebackState" AS ENUM ('Open', 'Won', 'Lost');

-- AlterTable
ALTER TABLE "Payout" ADD COLUMN     "provider" TEXT,
ADD COLUMN     "railAccountId" TEXT,
ADD COLUMN     "railCheckedAt" TIMESTAMP(3),
ADD COLUMN     "railTransferId" TEXT,
ADD COLUMN     "railWaits" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sentAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "ServiceAccount" ADD COLUMN     "payoutTermsAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "payoutTermsAcceptedIp" TEXT;

-- AlterTable
ALTER TABLE "Tenant" ADD COLUMN     "feeAccountHolder" TEXT,
ADD COLUMN     "feeAccountNumber" TEXT,
ADD COLUMN     "feeTermsAcceptedAt" TIMESTAMP(3),
ADD COLUMN     "feeTermsAcceptedIp" TEXT;

-- AlterTable
ALTER TABLE "Trade" ADD COLUMN     "feeTransferId" TEXT,
ADD COLUMN     "holdBudgetWarnedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "SimulatedPayeeAccount" (
    "id" TEXT NOT NULL,
    "payeeKey" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SimulatedPayeeAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatedBankPayout" (
    "id" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "payeeAccountId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatedBankPayout_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RailReconciliation" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "periodEnd" TIMESTAMP(3) NOT NULL,
    "matched" INTEGER NOT NULL,
    "mismatched" INTEGER NOT NULL,
    "railFees" JSONB NOT NULL,
    "finishedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RailReconciliation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RailMismatch" (
    "id" TEXT NOT NULL,
    "reconciliationId" TEXT NOT NULL,
    "tenantId" TEXT,
    "mode" "ApiMode",
    "tradeId" TEXT,
    "objectType" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "railObjectId" TEXT,
    "railAmountMinor" BIGINT,
    "ourAmountMinor" BIGINT,
    "currency" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RailMismatch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Chargeback" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tradeId" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "railDisputeId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "state" "ChargebackState" NOT NULL DEFAULT 'Open',
    "openedAt" TIMESTAMP(3) NOT NULL,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "Chargeback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RailPayeeAccount" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "tenantId" TEXT NOT NULL,
    "payeeKey" TEXT NOT NULL,
    "railAccountId" TEXT NOT NULL,
    "bankKey" TEXT NOT NULL,
    "railBankAccountId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RailPayeeAccount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SimulatedPayeeAccount_payeeKey_key" ON "SimulatedPayeeAccount"("payeeKey");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatedBankPayout_idempotencyKey_key" ON "SimulatedBankPayout"("idempotencyKey");

-- CreateIndex
CREATE INDEX "SimulatedBankPayout_createdAt_idx" ON "SimulatedBankPayout"("createdAt");

-- CreateIndex
CREATE INDEX "RailReconciliation_finishedAt_idx" ON "RailReconciliation"("finishedAt");

-- CreateIndex
CREATE UNIQUE INDEX "RailReconciliation_provider_periodStart_periodEnd_key" ON "RailReconciliation"("provider", "periodStart", "periodEnd");

-- CreateIndex
CREATE INDEX "RailMismatch_tenantId_mode_createdAt_idx" ON "RailMismatch"("tenantId", "mode", "createdAt");

-- CreateIndex
CREATE INDEX "RailMismatch_reconciliationId_idx" ON "RailMismatch"("reconciliationId");

-- CreateIndex
CREATE INDEX "Chargeback_tenantId_mode_openedAt_idx" ON "Chargeback"("tenantId", "mode", "openedAt");

-- CreateIndex
CREATE INDEX "Chargeback_tradeId_state_idx" ON "Chargeback"("tradeId", "state");

-- CreateIndex
CREATE INDEX "Chargeback_openedAt_idx" ON "Chargeback"("openedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Chargeback_provider_railDisputeId_key" ON "Chargeback"("provider", "railDisputeId");

-- CreateIndex
CREATE UNIQUE INDEX "RailPayeeAccount_provider_mode_payeeKey_key" ON "RailPayeeAccount"("provider", "mode", "payeeKey");

-- CreateIndex
CREATE INDEX "Payment_provider_paidAt_idx" ON "Payment"("provider", "paidAt");

-- CreateIndex
CREATE INDEX "PaymentAttempt_railAttemptId_idx" ON "PaymentAttempt"("railAttemptId");

-- CreateIndex
CREATE INDEX "PaymentAttempt_createdAt_idx" ON "PaymentAttempt"("createdAt");

-- CreateIndex
CREATE INDEX "Payout_state_sentAt_idx" ON "Payout"("state", "sentAt");

-- CreateIndex
CREATE INDEX "Payout_railTransferId_idx" ON "Payout"("railTransferId");

-- CreateIndex
CREATE INDEX "Payout_providerPayoutId_idx" ON "Payout"("providerPayoutId");

-- CreateIndex
CREATE INDEX "RailRefund_settledAt_idx" ON "RailRefund"("settledAt");

-- CreateIndex
CREATE INDEX "SimulatedBankRefund_createdAt_idx" ON "SimulatedBankRefund"("createdAt");

-- CreateIndex
CREATE INDEX "SimulatedBankTry_createdAt_idx" ON "SimulatedBankTry"("createdAt");

-- CreateIndex
CREATE INDEX "Trade_feeTransferId_state_idx" ON "Trade"("feeTransferId", "state");

-- AddForeignKey
ALTER TABLE "RailMismatch" ADD CONSTRAINT "RailMismatch_reconciliationId_fkey" FOREIGN KEY ("reconciliationId") REFERENCES "RailReconciliation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Chargeback" ADD CONSTRAINT "Chargeback_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Chargeback" ADD CONSTRAINT "Chargeback_tradeId_fkey" FOREIGN KEY ("tradeId") REFERENCES "Trade"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RailPayeeAccount" ADD CONSTRAINT "RailPayeeAccount_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Trades released before the tenants' fee accounts existed keep their fees with the service: the
-- fee round (lib/payouts/send-tenant-fees.ts) sends only what is released from now on.
UPDATE "Trade" SET "feeTransferId" = 'none' WHERE "state" = 'Released';
