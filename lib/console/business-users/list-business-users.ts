// The console's business users: one tenant's company sellers of one mode, with what staff need to
// decide about a change: whether the business id is still on the whitelist (the API refuses any
// change to one that is not), how many trades were paid out to it, and how many unfinished
// trades name it as a prioritized payee. Payout account numbers leave the server masked.
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import type { Tenant } from "../../db/generated/client.ts";
import type { TradeState } from "../../db/generated/enums.ts";
import { maskAccountNumber } from "../users/mask-account.ts";

export const BUSINESS_USERS_PAGE_SIZE = 50;

// Trades whose payout is settled one way or the other; any other trade (Succeeded included:
// its payout is pending) would still pay a prioritized business user.
const SETTLED: TradeState[] = ["Released", "Cancelled", "Returned"];

export async function listBusinessUsers(tenant: Tenant, mode: ApiMode, page = 1) {
  const where = { tenantId: tenant.id, mode };
  // A list staff look at: a replica's, within the lag bound (lib/db/read-target.ts); after staff
  // change a business user, the console's route wrapper keeps this tenant's lists on the primary.
  const { rows, totalCount, ongoing } = await staleRead("console-list", tenant.id, async () => {
    const [rows, totalCount] = await Promise.all([
      db.businessUser.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: (page - 1) * BUSINESS_USERS_PAGE_SIZE,
        take: BUSINESS_USERS_PAGE_SIZE,
        include: { _count: { select: { trades: true } } },
      }),
      db.businessUser.count({ where }),
    ]);
    return { rows, totalCount, ongoing: await ongoingTradesNamingEach(tenant.id, mode, rows) };
  });
  return {
    businessUsers: rows.map((row) => ({
      serviceUserId: row.id,
      businessId: row.businessId,
      businessLocationId: row.businessLocationId,
      name: row.name,
      phoneNumber: row.phoneNumber,
      city: [row.postNumber, row.city].filter(Boolean).join(" ") || null,
      payoutAccount: maskAccountNumber(row.payoutsAccountNumber)!,
      whitelisted: tenant.allowedBusinessIds.includes(row.businessId),
      paidOutTrades: row._count.trades,
      ongoingTrades: ongoing.get(`${row.businessId}|${row.businessLocationId}`) ?? 0,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    pagination: { page, pageSize: BUSINESS_USERS_PAGE_SIZE, totalCount },
  };
}

/**
 * ongoingTradesNaming for each business user of a page, in one statement (one count per row would
 * be a statement per row): "businessId|businessLocationId" → trades.
 */
async function ongoingTradesNamingEach(
  tenantId: string,
  mode: ApiMode,
  users: { businessId: string; businessLocationId: string }[],
): Promise<Map<string, number>> {
  if (!users.length) return new Map();
  // `@>` on the JSON array is the containment Prisma's array_contains sends below.
  const counts = await db.$queryRaw<{ businessId: string; businessLocationId: string; trades: number }[]>`
    SELECT p."businessId", p."businessLocationId", count(t."id")::int AS "trades"
    FROM unnest(${users.map((u) => u.businessId)}::text[], ${users.map((u) => u.businessLocationId)}::text[])
      AS p("businessId", "businessLocationId")
    JOIN "Trade" t ON t."tenantId" = ${tenantId} AND t."mode" = ${mode}::"ApiMode"
      AND t."state"::text <> ALL(${SETTLED}::text[])
      AND t."prioritizedPayees" @> jsonb_build_array(
        jsonb_build_object('businessId', p."businessId", 'businessLocationId', p."businessLocationId"))
    GROUP BY p."businessId", p."businessLocationId"`;
  return new Map(counts.map((c) => [`${c.businessId}|${c.businessLocationId}`, c.trades]));
}

/** Trades not yet paid out whose prioritized payees include this business user (their payout would go to it). */
export function ongoingTradesNaming(
  tenantId: string,
  mode: ApiMode,
  businessId: string,
  businessLocationId: string,
): Promise<number> {
  return db.trade.count({
    where: {
      tenantId,
      mode,
      state: { notIn: SETTLED },
      prioritizedPayees: { array_contains: [{ businessId, businessLocationId }] },
    },
  });
}

/** One business user for the edit form: the fields as stored, the account number masked. */
export async function loadBusinessUserForForm(
  tenant: Tenant,
  mode: ApiMode,
  businessId: string,
  businessLocationId: string,
) {
  const row = await db.businessUser.findUnique({
    where: {
      tenantId_mode_businessId_businessLocationId: { tenantId: tenant.id, mode, businessId, businessLocationId },
    },
  });
  if (!row) return null;
  return {
    businessId: row.businessId,
    businessLocationId: row.businessLocationId,
    name: row.name,
    phoneNumber: row.phoneNumber ?? "",
    address: {
      streetName: row.streetName ?? "",
      houseNumber: row.houseNumber ?? "",
      floor: row.floor ?? "",
      sideDoor: row.sideDoor ?? "",
      postNumber: row.postNumber ?? "",
      city: row.city ?? "",
      municipalityName: row.municipalityName ?? "",
    },
    payoutAccount: maskAccountNumber(row.payoutsAccountNumber)!,
    whitelisted: tenant.allowedBusinessIds.includes(row.businessId),
  };
}

export type BusinessUserList = Awaited<ReturnType<typeof listBusinessUsers>>;
export type BusinessUserFormValues = NonNullable<Awaited<ReturnType<typeof loadBusinessUserForForm>>>;
