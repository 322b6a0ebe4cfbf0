-- DropIndex
DROP INDEX "StaffUser_email_key";

-- DropIndex
DROP INDEX "StaffUser_tenantId_idx";

-- CreateTable
CREATE TABLE "ConsoleSignInThrottle" (
    "email" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "lastFailureAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ConsoleSignInThrottle_pkey" PRIMARY KEY ("email")
);

-- CreateIndex
CREATE INDEX "ConsoleSignInThrottle_expiresAt_idx" ON "ConsoleSignInThrottle"("expiresAt");

-- CreateIndex
CREATE INDEX "StaffUser_email_idx" ON "StaffUser"("email");

-- CreateIndex
CREATE UNIQUE INDEX "StaffUser_tenantId_email_key" ON "StaffUser"("tenantId", "email");
