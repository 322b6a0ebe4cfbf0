// The console's connected-users list: one tenant's marketplace users of one mode, newest
// connection first, found by their marketplace user id or the verified name, filtered by KYC level,
// paged on the server. Each row carries how many trades the user takes part in (either side).
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import type { Prisma } from "../../db/generated/client.ts";
import type { UserFilterValues } from "./user-filters.ts";

export function userListWhere(tenantId: string, filters: UserFilterValues): Prisma.MarketplaceUserWhereInput {
  const where: Prisma.MarketplaceUserWhereInput = { tenantId, mode: filters.mode };
  if (filters.kyc) where.kycLevel = Number(filters.kyc);
  if (filters.q) {
    where.OR = [
      { marketplaceUserId: filters.q },
      { marketplaceUserId: { contains: filters.q, mode: "insensitive" } },
      { serviceAccount: { name: { contains: filters.q, mode: "insensitive" } } },
    ];
  }
  return where;
}

export async function listUsers(tenantId: string, filters: UserFilterValues) {
  const where = userListWhere(tenantId, filters);
  // A list staff look at: a replica's, within the lag bound (lib/db/read-target.ts).
  const { rows, totalCount, counts } = await staleRead("console-list", tenantId, async () => {
    const [rows, totalCount] = await Promise.all([
      db.marketplaceUser.findMany({
        where,
        orderBy: [{ connectedAt: "desc" }, { id: "desc" }],
        skip: (filters.page - 1) * filters.pageSize,
        take: filters.pageSize,
        select: {
          marketplaceUserId: true,
          kycLevel: true,
          connectedAt: true,
          mode: true,
          serviceAccount: { select: { name: true } },
        },
      }),
      db.marketplaceUser.count({ where }),
    ]);
    // One grouped count for the page's users (TradeParty is indexed by tenant, mode and user).
    const counts = rows.length
      ? await db.tradeParty.groupBy({
          by: ["marketplaceUserId"],
          where: { tenantId, mode: filters.mode, marketplaceUserId: { in: rows.map((r) => r.marketplaceUserId) } },
          _count: { _all: true },
        })
      : [];
    return { rows, totalCount, counts };
  });
  const tradesOf = new Map(counts.map((c) => [c.marketplaceUserId, c._count._all]));
  return {
    users: rows.map((u) => ({
      marketplaceUserId: u.marketplaceUserId,
      name: u.serviceAccount.name,
      kycLevel: u.kycLevel,
      connectedAt: u.connectedAt.toISOString(),
      trades: tradesOf.get(u.marketplaceUserId) ?? 0,
      mode: u.mode,
    })),
    pagination: { page: filters.page, pageSize: filters.pageSize, totalCount },
  };
}

export type UserListPage = Awaited<ReturnType<typeof listUsers>>;
