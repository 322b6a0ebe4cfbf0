// The console's payouts list: one tenant's payout tries of one mode, newest first, filtered by
// state, trade and day, paged on the server (the page and its count side by side). Accounts are
// shown masked, as everywhere else.
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import type { Prisma } from "../../db/generated/client.ts";
import { formatMoney } from "../../money/format.ts";
import type { PayoutFilterValues } from "./payout-filters.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listPayouts(tenantId: string, filters: PayoutFilterValues) {
  const where: Prisma.PayoutWhereInput = { tenantId, mode: filters.mode };
  if (filters.state) where.state = filters.state;
  if (filters.trade) where.tradeId = filters.trade;
  if (filters.from || filters.to) {
    where.createdAt = {
      ...(filters.from ? { gte: new Date(`${filters.from}T00:00:00Z`) } : {}),
      ...(filters.to ? { lt: new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) } : {}),
    };
  }
  // A list staff look at: a replica's, within the lag bound (lib/db/read-target.ts).
  const [rows, totalCount] = await staleRead("console-list", tenantId, () =>
    Promise.all([
      db.payout.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: (filters.page - 1) * filters.pageSize,
        take: filters.pageSize,
      }),
      db.payout.count({ where }),
    ]),
  );
  return {
    payouts: rows.map((p) => ({
      payoutId: p.id,
      tradeId: p.tradeId,
      mode: p.mode,
      recipient: p.businessId ? `${p.businessId} / ${p.businessLocationId}` : (p.recipientMarketplaceUserId ?? ""),
      recipientIsBusiness: Boolean(p.businessId),
      amount: formatMoney(p.amountMinor, p.currency),
      bankAccount: `•••• ${p.bankAccountLast4}`,
      state: p.state,
      failureReason: p.failureReason,
      reference: p.reference,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
    pagination: { page: filters.page, pageSize: filters.pageSize, totalCount },
  };
}

export type PayoutListPage = Awaited<ReturnType<typeof listPayouts>>;
