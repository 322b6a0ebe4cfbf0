-- AlterEnum
ALTER TYPE "PaymentState" ADD VALUE 'PartiallyRefunded';

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "refundedMinor" BIGINT NOT NULL DEFAULT 0;
