// POST /v1/marketplace/users/{u}/trades/{t}/shipments/delivery|return: the payee buys the
// delivery label, the payer the return label (decisions.md §8). Answers the payment record for
// the part of the price the buyer pays; when that is nothing (the payer's shipping money in
// escrow covers it), the label is issued at once — asked of the carrier before the transaction, so
// no carrier call runs while the trade's row is locked (lib/shipping/issue-label.ts).
import { randomUUID } from "node:crypto";
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
import { applyIssuedLabel, requestLabel, voidUnusedLabel } from "./issue-label.ts";
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
  const { externalId } = await paymentRailFor(context.mode).createPayment({
    amountMinor: priceMinor,
    currency: context.tenant.currency,
    description: `${leg} label for trade ${tradeId}`,
  });
  const order = {
    id: randomUUID(),
    carrier: body.shipmentProviderId,
    expectedMaxWeightGrams: body.expectedMaxWeightInGrams,
  };
  const issued =
    (await buyerPaysFor(scope, tradeId, leg, priceMinor)) === 0n ? await requestLabel(context.mode, order) : null;
  let applied = false;

  const payment = await db
    .$transaction(async (tx) => {
      const { trade, role } = await lockPartyTrade(tx, scope, marketplaceUserId, tradeId);
      const pending = await tx.shipmentLabel.findFirst({
        where: { tradeId, leg, status: "Pending" },
        include: { payment: true },
      });
      if (pending?.payment) {
        if (pending.carrier !== body.shipmentProviderId || pending.priceMinor !== priceMinor) {
          throw new ApiError(
            "conflict",
            `A ${leg.toLowerCase()} label (${pending.carrier}, payment ${pending.payment.id}) is already waiting for its payment.`,
          );
        }
        return pending.payment;
      }
      // The table decides who may buy which label, and when (a self-transition: the state stays).
      const ordered = (
        await applyTransition(
          tx,
          trade,
          context.tenant,
          leg === "Delivery" ? "buyDeliveryLabel" : "buyReturnLabel",
          role,
          context.now,
        )
      ).trade;

      const buyerPays = buyerPaysOf(ordered.shippingPayerMinor, leg, priceMinor);
      const fromEscrow = priceMinor - buyerPays;
      const payerShare = leg === "Delivery" ? fromEscrow : buyerPays;
      const payeeShare = leg === "Delivery" ? buyerPays : 0n;
      const paidBy =
        payerShare > 0n && payeeShare > 0n
          ? LABEL_PAID_BY.shared
          : payeeShare > 0n
            ? LABEL_PAID_BY.payee
            : LABEL_PAID_BY.payer;

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
          id: order.id,
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
      if (buyerPays === 0n) {
        // The trade's shipping money never changes after initiation: the answer before the
        // transaction is the answer now.
        if (!issued) throw new Error(`Label ${label.id} is paid from escrow but was not asked of the carrier`);
        await applyIssuedLabel(tx, context.tenant, ordered, label, issued, context.now);
        applied = true;
      }
      return created;
    })
    .then(
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

/** The same, read before the transaction (null: no such trade, which the transaction answers). */
async function buyerPaysFor(
  scope: { tenantId: string; mode: ApiMode },
  tradeId: string,
  leg: "Delivery" | "Return",
  priceMinor: bigint,
): Promise<bigint | null> {
  const trade = await db.trade.findFirst({ where: { id: tradeId, ...scope }, select: { shippingPayerMinor: true } });
  return trade ? buyerPaysOf(trade.shippingPayerMinor, leg, priceMinor) : null;
}
