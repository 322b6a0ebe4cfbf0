-- DropIndex
DROP INDEX "TradeParty_tenantId_mode_marketplaceUserId_tradeCreatedAt_t_idx";

-- CreateIndex
CREATE INDEX "TradeParty_tenantId_mode_marketplaceUserId_tradeCreatedAt_t_idx" ON "TradeParty"("tenantId", "mode", "marketplaceUserId", "tradeCreatedAt" DESC, "tradeId" DESC);
