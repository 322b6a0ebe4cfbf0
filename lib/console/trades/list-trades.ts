// The console's trades list: one tenant's trades of one mode, searched, filtered, sorted and paged
// on the server (two queries: the page and the count). Search finds a trade by its id, the
// tenant's reference id, a marketplace user id of either party, or words of its title.
import { db } from "../../db/client.ts";
import type { Prisma } from "../../db/generated/client.ts";
import { decimalToString, parseDecimal, toScaledInteger } from "../../money/decimal.ts";
import { PHASE_OF } from "../../trades/states.ts";
import { statesOf, type TradeFilterValues } from "./trade-filters.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function tradeListWhere(tenantId: string, filters: TradeFilterValues): Prisma.TradeWhereInput {
  const where: Prisma.TradeWhereInput = { tenantId, mode: filters.mode };
  const states = statesOf(filters);
  if (states) where.state = { in: states };
  if (filters.from || filters.to) {
    where.createdAt = {
      ...(filters.from ? { gte: new Date(`${filters.from}T00:00:00Z`) } : {}),
      ...(filters.to ? { lt: new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
    };
  }
  if (filters.min || filters.max) {
    where.amountMinor = { ...(filters.min ? { gte: toScaledInteger(parseDecimal(filters.min), 2) } : {}), ...(filters.max ? { lte: toScaledInteger(parseDecimal(filters.max), 2) } : {}) };
  }
  if (filters.q) {
    const q = filters.q;
    where.OR = UUID.test(q)
      ? [{ id: q.toLowerCase() }, { referenceId: q }]
      : [{ referenceId: q }, { parties: { some: { tenantId, mode: filters.mode, marketplaceUserId: q } } }, { title: { contains: q, mode: "insensitive" } }];
  }
  return where;
}

export async function listTrades(tenantId: string, filters: TradeFilterValues) {
  const where = tradeListWhere(tenantId, filters);
  const orderBy: Prisma.TradeOrderByWithRelationInput[] = filters.sort === "amount" ? [{ amountMinor: filters.dir }, { id: filters.dir }] : [{ createdAt: filters.dir }, { id: filters.dir }];
  const [rows, totalCount] = await Promise.all([
    db.trade.findMany({
      where,
      orderBy,
      skip: (filters.page - 1) * filters.pageSize,
      take: filters.pageSize,
      select: { id: true, referenceId: true, title: true, state: true, amountMinor: true, payerTotalMinor: true, currency: true, payerMarketplaceUserId: true, payeeMarketplaceUserId: true, createdAt: true, mode: true },
    }),
    db.trade.count({ where }),
  ]);
  return {
    trades: rows.map((t) => ({
      tradeId: t.id,
      referenceId: t.referenceId,
      title: t.title,
      state: t.state,
      phase: PHASE_OF[t.state],
      amount: decimalToString({ units: t.amountMinor, scale: 2 }),
      payerTotal: decimalToString({ units: t.payerTotalMinor, scale: 2 }),
      currency: t.currency,
      payer: t.payerMarketplaceUserId,
      payee: t.payeeMarketplaceUserId,
      createdAt: t.createdAt.toISOString(),
      mode: t.mode,
    })),
    pagination: { page: filters.page, pageSize: filters.pageSize, totalCount },
  };
}

export type TradeListPage = Awaited<ReturnType<typeof listTrades>>;
