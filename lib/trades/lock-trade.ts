// Loads a trade that `marketplaceUserId` takes part in, locking its row for the rest of the
// transaction (SELECT … FOR UPDATE), for use cases that read related rows (payments, labels)
// before deciding. 404 when the user is not a party, exactly like an unknown trade.
import { ApiError } from "../api/errors.ts";
import type { Prisma, Trade } from "../db/generated/client.ts";
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
