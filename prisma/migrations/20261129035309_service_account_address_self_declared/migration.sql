-- AlterTable
ALTER TABLE "ServiceAccount" ADD COLUMN     "addressSelfDeclared" BOOLEAN NOT NULL DEFAULT false;
