-- AlterTable
ALTER TABLE "Trade" ADD COLUMN     "shippingPayerMinor" BIGINT NOT NULL DEFAULT 0;
