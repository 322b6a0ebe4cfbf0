// GET /v1/marketplace/balance-transactions: the tenant's ledger transfers in the token's mode,
// newest first (createdAt, then id: transfers of one step share their time), cursor paged. At most
// three queries: the cursor's row, the page, and the page's postings (index on tenant, mode, time).
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { staleRead } from "../db/read-target.ts";
import type { Prisma } from "../db/generated/client.ts";
import { kindsOfType } from "./ledger-to-balance.ts";
import type { ListBalanceTransactionsQuery } from "./schemas.ts";
import { serializeBalanceTransaction } from "./serialize-balance-transaction.ts";

// A transfer's createdAt is set inside its transaction, which commits within seconds (transactions
// time out at 15 s): a range that ended more than a minute ago gains no transfer any more.
const CLOSED_AFTER_MS = 60_000;

/**
 * A closed period (`to` a minute or more in the past) is read from a replica within the lag
 * bound: it shows the same transfers the primary would (lib/db/read-target.ts). Anything else,
 * the newest transfers included, is read on the primary.
 */
export async function listBalanceTransactions(
  context: TenantContext,
  query: z.output<typeof ListBalanceTransactionsQuery>,
) {
  const closed = query.to !== undefined && query.to.getTime() <= Date.now() - CLOSED_AFTER_MS;
  return closed
    ? staleRead("closed-balance-transactions", context.tenant.id, () => readPage(context, query))
    : readPage(context, query);
}

async function readPage(context: TenantContext, query: z.output<typeof ListBalanceTransactionsQuery>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const where: Prisma.LedgerTransferWhereInput = {
    ...scope,
    ...(query.tradeId ? { tradeId: query.tradeId } : {}),
    ...(query.type ? { kind: { in: kindsOfType(query.type) } } : {}),
    ...(query.from || query.to
      ? { createdAt: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } }
      : {}),
  };
  if (query.startingAfter) {
    const cursor = await db.ledgerTransfer.findFirst({
      where: { ...scope, id: query.startingAfter },
      select: { id: true, createdAt: true },
    });
    // Another tenant's or mode's id is as unknown as one never issued.
    if (!cursor) throw AppError.field("startingAfter", "No balance transaction has this id.");
    where.AND = {
      OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }],
    };
  }
  const rows = await db.ledgerTransfer.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: { postings: { orderBy: { id: "asc" } } },
  });
  return {
    balanceTransactions: rows.slice(0, query.limit).map(serializeBalanceTransaction),
    hasMore: rows.length > query.limit,
  };
}
