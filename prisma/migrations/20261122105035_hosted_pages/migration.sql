-- AlterTable
ALTER TABLE "HostedSession" ADD COLUMN     "browserHash" TEXT,
ADD COLUMN     "csrfToken" TEXT,
ADD COLUMN     "identitySignInId" TEXT,
ADD COLUMN     "pendingMethod" TEXT,
ADD COLUMN     "pendingPaymentId" TEXT;

-- CreateTable
CREATE TABLE "PayoutBankAccount" (
    "id" TEXT NOT NULL,
    "serviceAccountId" TEXT NOT NULL,
    "accountNumber" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "bankName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "selectedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PayoutBankAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdentitySignIn" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "provider" TEXT NOT NULL,
    "identity" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdentitySignIn_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PayoutBankAccount_serviceAccountId_accountNumber_key" ON "PayoutBankAccount"("serviceAccountId", "accountNumber");

-- CreateIndex
CREATE UNIQUE INDEX "IdentitySignIn_tokenHash_key" ON "IdentitySignIn"("tokenHash");

-- CreateIndex
CREATE INDEX "IdentitySignIn_expiresAt_idx" ON "IdentitySignIn"("expiresAt");

-- CreateIndex
CREATE INDEX "ShipmentLabel_carrier_labelCode_idx" ON "ShipmentLabel"("carrier", "labelCode");

-- AddForeignKey
ALTER TABLE "PayoutBankAccount" ADD CONSTRAINT "PayoutBankAccount_serviceAccountId_fkey" FOREIGN KEY ("serviceAccountId") REFERENCES "ServiceAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
