-- AlterTable
ALTER TABLE "StaffUser" ADD COLUMN     "sessionVersion" INTEGER NOT NULL DEFAULT 0;
