-- CreateTable
CREATE TABLE "CarrierEvent" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "labelId" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "appliedAt" TIMESTAMP(3),
    "tries" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "CarrierEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CarrierEvent_appliedAt_receivedAt_idx" ON "CarrierEvent"("appliedAt", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CarrierEvent_provider_eventKey_key" ON "CarrierEvent"("provider", "eventKey");
