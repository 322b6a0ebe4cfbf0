-- AlterTable
ALTER TABLE "StaffUser" ADD COLUMN     "inviteExpiresAt" TIMESTAMP(3),
ADD COLUMN     "inviteTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "StaffUser_inviteTokenHash_key" ON "StaffUser"("inviteTokenHash");
