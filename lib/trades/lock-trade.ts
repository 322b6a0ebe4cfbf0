// Locking a trade's row for the rest of the transaction (SELECT … FOR UPDATE), for use cases that
// read related rows (payments, labels, payouts) before deciding: a party's trade (404 when the
// user is not a party, exactly like an unknown trade), and the system's own follow-ups by id.
import { ApiError } from "../api/errors.ts";
import type { Prisma, Tenant, Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { Role } from "./presentation/status.ts";

export async function lockPartyTrade(
  tx: Prisma.TransactionClient,
  scope: { tenantId: string; mode: ApiMode },
  marketplaceUserId: string,
  tradeId: string,
): Promise<{ trade: Trade; role: Role }> {
  await tx.$queryRaw`SELECT 1 FROM "Trade" WHERE "id" = ${tradeId} AND "tenantId" = ${scope.tenantId} FOR UPDATE`;
  const trade = await tx.trade.findFirst({ where: { id: tradeId, ...scope, OR: [{ payerMarketplaceUserId: marketplaceUserId }, { payeeMarketplaceUserId: marketplaceUserId }] } });
  if (!trade) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  return { trade, role: trade.payerMarketplaceUserId === marketplaceUserId ? "payer" : "payee" };
}

type TradeWithTenant = Trade & { tenant: Tenant };

/**
 * The scheduler's lock (deadlines, payouts): the trade with its tenant, or null when another
 * instance holds it (SKIP LOCKED), which then does the work.
 */
export async function tryLockTrade(tx: Prisma.TransactionClient, tradeId: string): Promise<TradeWithTenant | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE SKIP LOCKED`;
  if (!locked.length) return null;
  return tx.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
}

/** Waits for the lock: the trade with its tenant, for a follow-up that must happen (a payout's answer). */
export async function lockTrade(tx: Prisma.TransactionClient, tradeId: string): Promise<TradeWithTenant> {
  await tx.$queryRaw`SELECT 1 FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE`;
  return tx.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
}
