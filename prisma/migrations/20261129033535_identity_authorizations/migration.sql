-- CreateTable
CREATE TABLE "IdentityAuthorization" (
    "id" TEXT NOT NULL,
    "stateHash" TEXT NOT NULL,
    "hostedSessionId" TEXT NOT NULL,
    "mode" "ApiMode" NOT NULL,
    "provider" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "codeVerifier" TEXT NOT NULL,
    "requestedLevel" TEXT NOT NULL,
    "page" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "IdentityAuthorization_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "IdentityAuthorization_stateHash_key" ON "IdentityAuthorization"("stateHash");

-- CreateIndex
CREATE INDEX "IdentityAuthorization_expiresAt_idx" ON "IdentityAuthorization"("expiresAt");
