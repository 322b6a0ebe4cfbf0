-- CreateIndex
CREATE INDEX "HostedSession_expiresAt_idx" ON "HostedSession"("expiresAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_completedAt_idx" ON "WebhookDelivery"("completedAt");
