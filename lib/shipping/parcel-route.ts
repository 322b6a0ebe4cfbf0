// Where a parcel goes: the seller sends the item to the buyer (the delivery leg), the buyer sends
// it back (the return leg). The parties' names and addresses are those their eID sign-in gave
// their service accounts. Prisma reads: accounts are administrative rows (docs/architecture.md);
// but buying a label reads the route and the trade's shipping money in one statement, on the pool
// (routeAndShippingOf), as it is on the API's hot path.
import { db } from "../db/client.ts";
import type { ApiMode, ShipmentLeg } from "../db/generated/enums.ts";
import { run, statement } from "../db/sql.ts";
import type { ParcelRoute, PostalParty } from "./carrier.ts";

type TradeParties = {
  tenantId: string;
  mode: "test" | "live";
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
};

type PostalColumns = Pick<PostalParty, "name" | "address" | "postalCode" | "city" | "phoneNumber">;

const postalParty = (account: Partial<Record<keyof PostalColumns, string | null>>): PostalParty => ({
  name: account.name ?? "",
  address: account.address ?? "",
  postalCode: account.postalCode ?? "",
  city: account.city ?? "",
  countryCode: "DK",
  phoneNumber: account.phoneNumber ?? null,
});

/** The parcel's route on `leg` of the trade. */
export async function parcelRoute(trade: TradeParties, leg: ShipmentLeg): Promise<ParcelRoute> {
  const users = await db.marketplaceUser.findMany({
    where: {
      tenantId: trade.tenantId,
      mode: trade.mode,
      marketplaceUserId: { in: [trade.payerMarketplaceUserId, trade.payeeMarketplaceUserId] },
    },
    select: { marketplaceUserId: true, serviceAccount: true },
  });
  const party = (marketplaceUserId: string): PostalParty =>
    postalParty(users.find((user) => user.marketplaceUserId === marketplaceUserId)?.serviceAccount ?? {});
  const seller = party(trade.payeeMarketplaceUserId);
  const buyer = party(trade.payerMarketplaceUserId);
  return leg === "Delivery" ? { sender: seller, receiver: buyer } : { sender: buyer, receiver: seller };
}

/**
 * The tenant's trade's shipping money (what the buyer paid for shipping) and the parcel's route on
 * `leg`, in one statement; null when the trade is not the tenant's.
 */
export async function routeAndShippingOf(
  scope: { tenantId: string; mode: ApiMode },
  tradeId: string,
  leg: ShipmentLeg,
): Promise<{ shippingPayerMinor: bigint; route: ParcelRoute } | null> {
  // Written out for both parties: a statement's text is one constant per place (lib/db/sql.ts).
  const [row] = await run<{
    shippingPayerMinor: bigint;
    payer: Partial<PostalColumns> | null;
    payee: Partial<PostalColumns> | null;
  }>(statement`
    SELECT t."shippingPayerMinor",
      (SELECT json_build_object('name', a."name", 'address', a."address", 'postalCode', a."postalCode", 'city', a."city",
          'phoneNumber', a."phoneNumber")
        FROM "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId"
        WHERE u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" = t."payerMarketplaceUserId") AS "payer",
      (SELECT json_build_object('name', a."name", 'address', a."address", 'postalCode', a."postalCode", 'city', a."city",
          'phoneNumber', a."phoneNumber")
        FROM "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId"
        WHERE u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" = t."payeeMarketplaceUserId") AS "payee"
    FROM "Trade" t
    WHERE t."id" = ${tradeId} AND t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode"`);
  if (!row) return null;
  const seller = postalParty(row.payee ?? {});
  const buyer = postalParty(row.payer ?? {});
  return {
    shippingPayerMinor: row.shippingPayerMinor,
    route: leg === "Delivery" ? { sender: seller, receiver: buyer } : { sender: buyer, receiver: seller },
  };
}

/** The route on `leg` of the trade `tradeId`. */
export async function parcelRouteOf(tradeId: string, leg: ShipmentLeg): Promise<ParcelRoute> {
  const trade = await db.trade.findUniqueOrThrow({
    where: { id: tradeId },
    select: { tenantId: true, mode: true, payerMarketplaceUserId: true, payeeMarketplaceUserId: true },
  });
  return parcelRoute(trade, leg);
}
