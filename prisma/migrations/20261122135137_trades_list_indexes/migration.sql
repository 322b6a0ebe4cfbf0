-- CreateExtension (written by hand: schema.prisma does not track extensions, see its datasource)
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- DropIndex
DROP INDEX "Trade_tenantId_mode_createdAt_idx";

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_createdAt_id_idx" ON "Trade"("tenantId", "mode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_amountMinor_id_idx" ON "Trade"("tenantId", "mode", "amountMinor", "id");

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_payerMarketplaceUserId_idx" ON "Trade"("tenantId", "mode", "payerMarketplaceUserId");

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_payeeMarketplaceUserId_idx" ON "Trade"("tenantId", "mode", "payeeMarketplaceUserId");

-- CreateIndex
CREATE INDEX "Trade_title_idx" ON "Trade" USING GIN ("title" gin_trgm_ops);
