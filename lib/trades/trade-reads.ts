// The reads behind every Trade the API answers with (Get trade details, Get trades and the
// serializer), as plain SQL on the client's own pool (lib/db/sql.ts): they are the API's most
// frequent queries, and Prisma's pipeline cost more CPU per query than the database's own work for
// these lookups (docs/performance.md). The rows come back with exactly the types of Prisma's own
// reads, which tests/integration/trade-reads.test.ts checks field by field, so a changed column
// shows there.
import type { ServiceAccount, ShipmentLabel, Trade } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { sql } from "../db/sql.ts";

export type Scope = { tenantId: string; mode: ApiMode };

/** The trade, if this user is its payer or payee. */
export async function findUserTrade(scope: Scope, marketplaceUserId: string, tradeId: string): Promise<Trade | null> {
  const [trade] = await sql<Trade>(
    `SELECT * FROM "Trade"
     WHERE "id" = $1 AND "tenantId" = $2 AND "mode" = $3::"ApiMode" AND ($4 = "payerMarketplaceUserId" OR $4 = "payeeMarketplaceUserId")`,
    [tradeId, scope.tenantId, scope.mode, marketplaceUserId],
  );
  return trade ?? null;
}

/** The shipment labels of these trades, oldest first. */
export function labelsOfTrades(tenantId: string, tradeIds: string[]): Promise<ShipmentLabel[]> {
  return sql<ShipmentLabel>(
    `SELECT * FROM "ShipmentLabel" WHERE "tenantId" = $1 AND "tradeId" = ANY($2::text[]) ORDER BY "createdAt" ASC`,
    [tenantId, tradeIds],
  );
}

/** The service accounts of these connected users, by marketplace user id (one joined query). */
export async function partyAccounts(scope: Scope, marketplaceUserIds: string[]): Promise<Map<string, ServiceAccount>> {
  const rows = await sql<ServiceAccount & { connectedAs: string }>(
    `SELECT u."marketplaceUserId" AS "connectedAs", a.*
     FROM "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId" AND a."tenantId" = u."tenantId"
     WHERE u."tenantId" = $1 AND u."mode" = $2::"ApiMode" AND u."marketplaceUserId" = ANY($3::text[])`,
    [scope.tenantId, scope.mode, marketplaceUserIds],
  );
  return new Map(rows.map(({ connectedAs, ...account }) => [connectedAs, account]));
}

// The state filter needs the trade; without it the count and the page read the index alone.
const USER_PARTIES = `
  FROM "TradeParty" p
  WHERE p."tenantId" = $1 AND p."mode" = $2::"ApiMode" AND p."marketplaceUserId" = $3
    AND ($4::text IS NULL OR p."role"::text = $4)
    AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM "Trade" t WHERE t."id" = p."tradeId" AND t."state"::text = $5))`;

/**
 * How many trades the user is a party to (in the role): the counters TradeParty's triggers keep,
 * one or two rows (schema.prisma, TradePartyCount). A state filter must look at the trades.
 */
function countUserTrades(values: unknown[], filters: { role?: string; state?: string }): Promise<{ n: bigint }[]> {
  if (filters.state) return sql<{ n: bigint }>(`SELECT count(*) AS n ${USER_PARTIES}`, values);
  return sql<{ n: bigint }>(
    `SELECT coalesce(sum("count"), 0)::bigint AS n FROM "TradePartyCount"
     WHERE "tenantId" = $1 AND "mode" = $2::"ApiMode" AND "marketplaceUserId" = $3 AND ($4::text IS NULL OR "role"::text = $4)`,
    values.slice(0, 4),
  );
}

/**
 * One page of a user's trades, newest first, and how many there are (side by side): the page is
 * one statement, the index range of the user's TradeParty entries joined with their trades.
 */
export async function userTradePage(
  scope: Scope,
  marketplaceUserId: string,
  filters: { role?: "payer" | "payee"; state?: string },
  page: { offset: number; limit: number },
): Promise<{ totalCount: number; trades: Trade[] }> {
  const values = [scope.tenantId, scope.mode, marketplaceUserId, filters.role ?? null, filters.state ?? null];
  const [counted, trades] = await Promise.all([
    countUserTrades(values, filters),
    sql<Trade>(
      `SELECT t.* FROM (
         SELECT p."tradeId", p."tradeCreatedAt" ${USER_PARTIES}
         ORDER BY p."tradeCreatedAt" DESC, p."tradeId" DESC OFFSET $6 LIMIT $7) page
       JOIN "Trade" t ON t."id" = page."tradeId" AND t."tenantId" = $1 AND t."mode" = $2::"ApiMode"
       ORDER BY page."tradeCreatedAt" DESC, page."tradeId" DESC`,
      [...values, page.offset, page.limit],
    ),
  ]);
  return { totalCount: Number(counted[0]?.n ?? 0), trades };
}
