-- AlterTable
ALTER TABLE "Trade" ADD COLUMN     "offerLapsesAt" TIMESTAMP(3),
ADD COLUMN     "offerMadeAt" TIMESTAMP(3),
ADD COLUMN     "offerRefundMinor" BIGINT,
ADD COLUMN     "offerResumeDeadlineAt" TIMESTAMP(3),
ADD COLUMN     "offerResumeDeadlineKind" TEXT,
ADD COLUMN     "settlementRefundMinor" BIGINT;
