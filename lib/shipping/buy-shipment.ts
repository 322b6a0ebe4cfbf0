// POST /v1/marketplace/users/{u}/trades/{t}/shipments/delivery|return: the payee buys the
// delivery label, the payer the return label (decisions.md §8). Answers the payment record for
// the part of the price the buyer pays; when that is nothing (the payer's shipping money in
// escrow covers it), the label is issued at once — asked of the carrier before the transaction, so
// no carrier call runs while the trade's row is locked (lib/shipping/issue-label.ts).
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { newPaymentReference } from "../payments/payment-reference.ts";
import { serializePayment } from "../payments/serialize-payment.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { insertLabelPurchase, pendingLabelPurchase } from "../trades/store/label-rows.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import { LABEL_PAID_BY } from "../trades/presentation/codes.ts";
import { labelCreated, requestLabel, voidUnusedLabel } from "./issue-label.ts";
import { routeAndShippingOf } from "./parcel-route.ts";
import type { BuyShipmentBody } from "./schemas.ts";

export async function buyShipment(
  context: { tenant: Tenant; mode: ApiMode; now: Date },
  leg: "Delivery" | "Return",
  marketplaceUserId: string,
  tradeId: string,
  body: z.output<typeof BuyShipmentBody>,
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const priceMinor = minorUnitsFromNumber(body.price);
  paymentRailFor(context.mode); // the label's payment needs a rail: 403 in live mode while it is simulated
  const externalId = newPaymentReference();
  const order = {
    id: randomUUID(),
    carrier: body.shipmentProviderId,
    expectedMaxWeightGrams: body.expectedMaxWeightInGrams,
    tradeId,
    leg,
  };
  // Read before the transaction (none: no such trade, which the transaction answers): when the
  // buyer pays nothing more, the label is asked of the carrier now, with the route read here.
  const before = await routeAndShippingOf(scope, tradeId, leg);
  const issued =
    before && buyerPaysOf(before.shippingPayerMinor, leg, priceMinor) === 0n
      ? await requestLabel(context.mode, order, before.route)
      : null;
  let applied = false;

  // The trade's lock, a purchase still waiting for its payment, the purchase's transition, the
  // payment and label rows (a label paid from escrow issued with its row), then the label's transition.
  const lock = tradeLocks
    .ofParty(scope, marketplaceUserId, tradeId)
    .alongWith((q) => pendingLabelPurchase(q, scope, tradeId, leg));
  const payment = await withLockedTrade(lock, async ({ locked: { trade, role }, read: pending }, tx) => {
    if (pending) {
      if (pending.carrier !== body.shipmentProviderId || pending.priceMinor !== priceMinor) {
        throw new AppError(
          "conflict",
          `A ${leg.toLowerCase()} label (${pending.carrier}, payment ${pending.payment.id}) is already waiting for its payment.`,
        );
      }
      return pending.payment;
    }
    // The table decides who may buy which label, and when (a self-transition: the state stays).
    const action = leg === "Delivery" ? "buyDeliveryLabel" : "buyReturnLabel";
    const ordered = (await tx.transition({ trade, settings: context.tenant, action, actor: role, now: context.now }))
      .trade;

    const buyerPays = buyerPaysOf(ordered.shippingPayerMinor, leg, priceMinor);
    const fromEscrow = priceMinor - buyerPays;
    const shares = {
      leg,
      labelPricePayerMinor: leg === "Delivery" ? fromEscrow : buyerPays,
      labelPricePayeeMinor: leg === "Delivery" ? buyerPays : 0n,
    };
    const paidBy =
      shares.labelPricePayerMinor > 0n && shares.labelPricePayeeMinor > 0n
        ? LABEL_PAID_BY.shared
        : shares.labelPricePayeeMinor > 0n
          ? LABEL_PAID_BY.payee
          : LABEL_PAID_BY.payer;
    const paid = buyerPays === 0n;
    // Paid from escrow: the label is issued with its row. The trade's shipping money never changes
    // after initiation, so the answer before the transaction is the answer now.
    if (paid && !issued) throw new Error(`Label ${order.id} is paid from escrow but was not asked of the carrier`);
    // Sent with the label's transition below (lib/db/sql.ts Sql), which does not read these rows.
    const inserted = insertLabelPurchase(tx.q, {
      scope,
      tradeId,
      buyerMarketplaceUserId: marketplaceUserId,
      currency: ordered.currency,
      externalId,
      buyerPaysMinor: buyerPays,
      label: {
        ...shares,
        id: order.id,
        carrier: body.shipmentProviderId,
        priceMinor,
        expectedMaxWeightGrams: body.expectedMaxWeightInGrams,
        labelPaidBy: paidBy,
      },
      issued: paid ? issued : null,
      now: context.now,
    });
    if (paid) {
      await labelCreated(tx, context.tenant, ordered, shares, context.now);
      applied = true;
    }
    const [created] = await inserted;
    return created!;
  }).then(
    async (answered) => {
      // Answered by an earlier purchase still waiting for its payment: the label asked for is nobody's.
      if (issued && !applied) await voidUnusedLabel(context.mode, order, issued, async () => true);
      return answered;
    },
    async (error: unknown) => {
      // Refused: the label's row went with the rolled-back transaction, so the label is nobody's.
      if (issued) await voidUnusedLabel(context.mode, order, issued, async () => true);
      throw error;
    },
  );
  return serializePayment(payment);
}

/** The payer's shipping money (paid with the item) covers the delivery label first; the buyer pays the rest. */
function buyerPaysOf(shippingPayerMinor: bigint, leg: "Delivery" | "Return", priceMinor: bigint): bigint {
  if (leg === "Return") return priceMinor;
  return priceMinor > shippingPayerMinor ? priceMinor - shippingPayerMinor : 0n;
}
