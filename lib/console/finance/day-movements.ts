// A day's balance transactions by type: how many, and what they added to the balance, per currency
// (the same net effect as the API's balance transactions). One grouped query.
import {
  BALANCE_ACCOUNTS,
  BALANCE_TRANSACTION_TYPES,
  typeOfKind,
  type BalanceTransactionType,
} from "../../balance/ledger-to-balance.ts";
import { utcTimestamp } from "../../balance/balance-at.ts";
import { db } from "../../db/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";

export interface Movement {
  type: BalanceTransactionType;
  currency: string;
  count: number;
  netMinor: bigint;
}

/** [start, end) of the day; every type listed, zeros included, so the table always has its rows. */
export async function dayMovements(
  scope: { tenantId: string; mode: ApiMode; currency: string },
  start: Date,
  end: Date,
): Promise<Movement[]> {
  const rows = await db.$queryRaw<{ kind: string; currency: string; count: bigint; net: string }[]>`
    SELECT t."kind", t."currency", count(DISTINCT t."id") AS "count",
      COALESCE(sum(p."amountMinor") FILTER (WHERE p."account" = ANY(${BALANCE_ACCOUNTS}::text[])), 0)::text AS "net"
    FROM "LedgerTransfer" t JOIN "LedgerPosting" p ON p."transferId" = t."id"
    WHERE t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode"
      AND t."createdAt" >= ${utcTimestamp(start)} AND t."createdAt" < ${utcTimestamp(end)}
    GROUP BY t."kind", t."currency"`;
  const currencies = [...new Set([scope.currency, ...rows.map((r) => r.currency)])].sort();
  const movements = currencies.flatMap((currency) =>
    BALANCE_TRANSACTION_TYPES.map((type): Movement => ({ type, currency, count: 0, netMinor: 0n })),
  );
  for (const row of rows) {
    const movement = movements.find((m) => m.type === typeOfKind(row.kind) && m.currency === row.currency)!;
    movement.count += Number(row.count);
    movement.netMinor += BigInt(row.net);
  }
  return movements;
}
