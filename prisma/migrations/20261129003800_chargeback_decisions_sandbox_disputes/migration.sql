-- CreateEnum
CREATE TYPE "ChargebackDecision" AS ENUM ('PayPayee', 'RecoverFromPayee');

-- AlterTable
ALTER TABLE "Chargeback" ADD COLUMN     "decidedAt" TIMESTAMP(3),
ADD COLUMN     "decidedBy" TEXT,
ADD COLUMN     "decision" "ChargebackDecision",
ADD COLUMN     "railReversalId" TEXT,
ADD COLUMN     "recoveredMinor" BIGINT;

-- CreateTable
CREATE TABLE "SimulatedBankDispute" (
    "id" TEXT NOT NULL,
    "bankPaymentId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "SimulatedBankDispute_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SimulatedBankDispute_bankPaymentId_idx" ON "SimulatedBankDispute"("bankPaymentId");

-- CreateIndex
CREATE INDEX "SimulatedBankDispute_createdAt_idx" ON "SimulatedBankDispute"("createdAt");

-- CreateIndex
CREATE INDEX "SimulatedBankDispute_closedAt_idx" ON "SimulatedBankDispute"("closedAt");

-- CreateIndex
CREATE INDEX "Chargeback_provider_railReversalId_idx" ON "Chargeback"("provider", "railReversalId");

-- AddForeignKey
ALTER TABLE "SimulatedBankDispute" ADD CONSTRAINT "SimulatedBankDispute_bankPaymentId_fkey" FOREIGN KEY ("bankPaymentId") REFERENCES "SimulatedBankPayment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
