-- DropIndex
DROP INDEX "ShipmentLabel_tenantId_mode_tradeId_leg_idx";

-- DropIndex
DROP INDEX "TradeParty_tenantId_mode_marketplaceUserId_tradeCreatedAt_t_idx";

-- CreateIndex
CREATE INDEX "ShipmentLabel_tenantId_mode_tradeId_leg_createdAt_idx" ON "ShipmentLabel"("tenantId", "mode", "tradeId", "leg", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "TradeParty_tenantId_mode_marketplaceUserId_tradeCreatedAt_t_idx" ON "TradeParty"("tenantId", "mode", "marketplaceUserId", "tradeCreatedAt" DESC, "tradeId" DESC);
