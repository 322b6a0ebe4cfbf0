-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "revealedAt" TIMESTAMP(3),
ADD COLUMN     "revealedById" TEXT,
ADD COLUMN     "sealedToken" TEXT;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_revealedById_fkey" FOREIGN KEY ("revealedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Only a sandbox key may be kept (sealed) to be shown again; a live key exists only as its hash.
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_sealed_only_in_sandbox" CHECK ("sealedToken" IS NULL OR "mode" = 'test');
