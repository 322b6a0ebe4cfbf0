-- CreateIndex
CREATE INDEX "OutboxEvent_tenantId_mode_dispatchedAt_idx" ON "OutboxEvent"("tenantId", "mode", "dispatchedAt");
