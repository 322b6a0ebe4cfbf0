// The console's business users: one tenant's company sellers of one mode, with what staff need to
// decide about a change: whether the business id is still on the whitelist (the API refuses any
// change to one that is not), how many trades were paid out to it, and how many unfinished
// trades name it as a prioritized payee. Payout account numbers leave the server masked.
import { db } from "../../db/client.ts";
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
  const ongoing = await Promise.all(
    rows.map((row) => ongoingTradesNaming(tenant.id, mode, row.businessId, row.businessLocationId)),
  );
  return {
    businessUsers: rows.map((row, index) => ({
      serviceUserId: row.id,
      businessId: row.businessId,
      businessLocationId: row.businessLocationId,
      name: row.name,
      phoneNumber: row.phoneNumber,
      city: [row.postNumber, row.city].filter(Boolean).join(" ") || null,
      payoutAccount: maskAccountNumber(row.payoutsAccountNumber)!,
      whitelisted: tenant.allowedBusinessIds.includes(row.businessId),
      paidOutTrades: row._count.trades,
      ongoingTrades: ongoing[index]!,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    pagination: { page, pageSize: BUSINESS_USERS_PAGE_SIZE, totalCount },
  };
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
