-- DropIndex
DROP INDEX "Trade_deadlineAt_idx";

-- CreateIndex
CREATE INDEX "Trade_tenantId_mode_deadlineAt_idx" ON "Trade"("tenantId", "mode", "deadlineAt");
