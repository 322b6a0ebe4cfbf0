// POST /v1/marketplace/users/{u}/trades/{t}/shipments/delivery|return: the payee buys the
// delivery label, the payer the return label (decisions.md §8). Answers the payment record for
// the part of the price the buyer pays; when that is nothing (the payer's shipping money in
// escrow covers it), the label is issued at once.
import type { z } from "zod";
import { ApiError } from "../errors.ts";
import { db } from "../db/client.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { serializePayment } from "../payments/serialize-payment.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { lockPartyTrade } from "../trades/lock-trade.ts";
import { LABEL_PAID_BY } from "../trades/presentation/codes.ts";
import { issueLabel } from "./issue-label.ts";
import type { BuyShipmentBody } from "./schemas.ts";

export async function buyShipment(context: { tenant: Tenant; mode: ApiMode; now: Date }, leg: "Delivery" | "Return", marketplaceUserId: string, tradeId: string, body: z.output<typeof BuyShipmentBody>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const priceMinor = minorUnitsFromNumber(body.price);
  const { externalId } = await paymentRailFor(context.mode).createPayment({ amountMinor: priceMinor, currency: context.tenant.currency, description: `${leg} label for trade ${tradeId}` });

  const payment = await db.$transaction(async (tx) => {
    const { trade, role } = await lockPartyTrade(tx, scope, marketplaceUserId, tradeId);
    const pending = await tx.shipmentLabel.findFirst({ where: { tradeId, leg, status: "Pending" }, include: { payment: true } });
    if (pending?.payment) {
      if (pending.carrier !== body.shipmentProviderId || pending.priceMinor !== priceMinor) {
        throw new ApiError("conflict", `A ${leg.toLowerCase()} label (${pending.carrier}, payment ${pending.payment.id}) is already waiting for its payment.`);
      }
      return pending.payment;
    }
    // The table decides who may buy which label, and when (a self-transition: the state stays).
    const ordered = (await applyTransition(tx, trade, context.tenant, leg === "Delivery" ? "buyDeliveryLabel" : "buyReturnLabel", role, context.now)).trade;

    // The payer's shipping money (paid with the item) covers the delivery label first.
    const fromEscrow = leg === "Delivery" ? (priceMinor < ordered.shippingPayerMinor ? priceMinor : ordered.shippingPayerMinor) : 0n;
    const buyerPays = priceMinor - fromEscrow;
    const payerShare = leg === "Delivery" ? fromEscrow : buyerPays;
    const payeeShare = leg === "Delivery" ? buyerPays : 0n;
    const paidBy = payerShare > 0n && payeeShare > 0n ? LABEL_PAID_BY.shared : payeeShare > 0n ? LABEL_PAID_BY.payee : LABEL_PAID_BY.payer;

    const created = await tx.payment.create({
      data: {
        ...scope,
        tradeId,
        marketplaceUserId,
        purpose: leg === "Delivery" ? "DeliveryLabel" : "ReturnLabel",
        amountMinor: buyerPays,
        currency: ordered.currency,
        externalId,
        state: buyerPays === 0n ? "Paid" : "Pending",
        paidAt: buyerPays === 0n ? context.now : null,
        createdAt: context.now,
      },
    });
    const label = await tx.shipmentLabel.create({
      data: {
        ...scope,
        tradeId,
        leg,
        carrier: body.shipmentProviderId,
        priceMinor,
        labelPricePayerMinor: payerShare,
        labelPricePayeeMinor: payeeShare,
        labelPaidBy: paidBy,
        expectedMaxWeightGrams: body.expectedMaxWeightInGrams,
        paymentId: created.id,
      },
    });
    if (buyerPays === 0n) await issueLabel(tx, context.tenant, ordered, label, context.now);
    return created;
  });
  return serializePayment(payment);
}
