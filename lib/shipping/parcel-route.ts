// Where a parcel goes: the seller sends the item to the buyer (the delivery leg), the buyer sends
// it back (the return leg). The parties' names and addresses are those their eID sign-in gave
// their service accounts. Prisma reads: accounts are administrative rows (docs/architecture.md).
import { db } from "../db/client.ts";
import type { ShipmentLeg } from "../db/generated/enums.ts";
import type { ParcelRoute, PostalParty } from "./carrier.ts";

type TradeParties = {
  tenantId: string;
  mode: "test" | "live";
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
};

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
  const party = (marketplaceUserId: string): PostalParty => {
    const account = users.find((user) => user.marketplaceUserId === marketplaceUserId)?.serviceAccount;
    return {
      name: account?.name ?? "",
      address: account?.address ?? "",
      postalCode: account?.postalCode ?? "",
      city: account?.city ?? "",
      countryCode: "DK",
      phoneNumber: account?.phoneNumber ?? null,
    };
  };
  const seller = party(trade.payeeMarketplaceUserId);
  const buyer = party(trade.payerMarketplaceUserId);
  return leg === "Delivery" ? { sender: seller, receiver: buyer } : { sender: buyer, receiver: seller };
}

/** The route on `leg` of the trade `tradeId`. */
export async function parcelRouteOf(tradeId: string, leg: ShipmentLeg): Promise<ParcelRoute> {
  const trade = await db.trade.findUniqueOrThrow({
    where: { id: tradeId },
    select: { tenantId: true, mode: true, payerMarketplaceUserId: true, payeeMarketplaceUserId: true },
  });
  return parcelRoute(trade, leg);
}
