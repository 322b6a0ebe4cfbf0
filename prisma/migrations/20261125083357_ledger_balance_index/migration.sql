-- CreateIndex
CREATE INDEX "LedgerTransfer_tenantId_mode_createdAt_id_idx" ON "LedgerTransfer"("tenantId", "mode", "createdAt", "id");
