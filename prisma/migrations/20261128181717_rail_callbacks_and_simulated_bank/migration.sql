-- CreateEnum
CREATE TYPE "RailRefundState" AS ENUM ('Pending', 'Sent', 'Succeeded', 'Failed');

-- AlterTable
ALTER TABLE "HostedSession" DROP COLUMN "pendingMethod",
DROP COLUMN "pendingPaymentId";

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "railCheckedAt" TIMESTAMP(3),
ADD COLUMN     "railOpenedAt" TIMESTAMP(3),
ADD COLUMN     "railPaymentId" TEXT,
ADD COLUMN     "railRedirectUrl" TEXT;

-- AlterTable
ALTER TABLE "PaymentAttempt" ADD COLUMN     "railAttemptId" TEXT;

-- CreateTable
CREATE TABLE "RailRefund" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "paymentId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "state" "RailRefundState" NOT NULL DEFAULT 'Pending',
    "provider" TEXT,
    "railRefundId" TEXT,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "nextTryAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "RailRefund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RailCallback" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "objectKind" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),
    "tries" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "RailCallback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatedBankPayment" (
    "id" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "returnUrl" TEXT NOT NULL,
    "cancelUrl" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "method" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "SimulatedBankPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatedBankRefund" (
    "id" TEXT NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "bankPaymentId" TEXT NOT NULL,
    "amountMinor" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatedBankRefund_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimulatedBankTry" (
    "id" TEXT NOT NULL,
    "bankPaymentId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SimulatedBankTry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RailRefund_state_nextTryAt_idx" ON "RailRefund"("state", "nextTryAt");

-- CreateIndex
CREATE INDEX "RailRefund_paymentId_idx" ON "RailRefund"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "RailRefund_provider_railRefundId_key" ON "RailRefund"("provider", "railRefundId");

-- CreateIndex
CREATE INDEX "RailCallback_appliedAt_receivedAt_idx" ON "RailCallback"("appliedAt", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "RailCallback_provider_eventId_key" ON "RailCallback"("provider", "eventId");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatedBankPayment_idempotencyKey_key" ON "SimulatedBankPayment"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "SimulatedBankRefund_idempotencyKey_key" ON "SimulatedBankRefund"("idempotencyKey");

-- CreateIndex
CREATE INDEX "SimulatedBankRefund_bankPaymentId_idx" ON "SimulatedBankRefund"("bankPaymentId");

-- CreateIndex
CREATE INDEX "SimulatedBankTry_bankPaymentId_createdAt_idx" ON "SimulatedBankTry"("bankPaymentId", "createdAt");

-- CreateIndex
CREATE INDEX "HostedSession_paymentId_idx" ON "HostedSession"("paymentId");

-- CreateIndex
CREATE INDEX "Payment_railOpenedAt_idx" ON "Payment"("railOpenedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_provider_railPaymentId_key" ON "Payment"("provider", "railPaymentId");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentAttempt_paymentId_railAttemptId_key" ON "PaymentAttempt"("paymentId", "railAttemptId");

-- AddForeignKey
ALTER TABLE "RailRefund" ADD CONSTRAINT "RailRefund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimulatedBankRefund" ADD CONSTRAINT "SimulatedBankRefund_bankPaymentId_fkey" FOREIGN KEY ("bankPaymentId") REFERENCES "SimulatedBankPayment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimulatedBankTry" ADD CONSTRAINT "SimulatedBankTry_bankPaymentId_fkey" FOREIGN KEY ("bankPaymentId") REFERENCES "SimulatedBankPayment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
