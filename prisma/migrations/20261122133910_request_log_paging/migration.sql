-- DropIndex
DROP INDEX "ApiRequestLog_tenantId_mode_createdAt_idx";

-- CreateIndex
CREATE INDEX "ApiRequestLog_tenantId_mode_createdAt_id_idx" ON "ApiRequestLog"("tenantId", "mode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ApiRequestLog_tenantId_correlationId_idx" ON "ApiRequestLog"("tenantId", "correlationId");
