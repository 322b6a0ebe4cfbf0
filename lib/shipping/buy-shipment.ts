// POST /v1/marketplace/users/{u}/trades/{t}/shipments/delivery|return: the payee buys the
// delivery label, the payer the return label (decisions.md §8). Answers the payment record for
// the part of the price the buyer pays; when that is nothing (the payer's shipping money in
// escrow covers it), the label is issued at once — asked of the carrier before the transaction, so
// no carrier call runs while the trade's row is locked (lib/shipping/issue-label.ts).
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { inTransaction, run, statement } from "../db/sql.ts";
import { minorUnitsFromNumber } from "../money/decimal.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { serializePayment } from "../payments/serialize-payment.ts";
import type { Payment, Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { lockPartyTradeRow } from "../trades/store/lock.ts";
import { transitionTrade } from "../trades/transition-trade.ts";
import { LABEL_PAID_BY } from "../trades/presentation/codes.ts";
import { labelCreated, requestLabel, voidUnusedLabel } from "./issue-label.ts";
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

  // On the driver: the trade's lock, a purchase still waiting for its payment, the purchase's
  // transition, the payment and label rows (a label paid from escrow issued with its row), and
  // then the label's transition.
  const payment = await inTransaction(async (q) => {
    const locking = lockPartyTradeRow(q, scope, marketplaceUserId, tradeId);
    // A statement of its own, after the lock: joined into the locking statement it would read the
    // labels as they were before waiting for the lock, and miss a purchase committed meanwhile.
    // Sent with the lock all the same (lib/db/sql.ts Sql): PostgreSQL runs it once the lock is granted.
    const pendingRead = q<Payment & { labelCarrier: string; labelPriceMinor: bigint }>(statement`
      SELECT p.*, l."carrier" AS "labelCarrier", l."priceMinor" AS "labelPriceMinor"
      FROM "ShipmentLabel" l JOIN "Payment" p ON p."id" = l."paymentId"
      WHERE l."tenantId" = ${scope.tenantId} AND l."mode" = ${scope.mode}::"ApiMode" AND l."tradeId" = ${tradeId}
        AND l."leg" = ${leg}::"ShipmentLeg" AND l."status" = 'Pending'
      LIMIT 1`);
    const { trade, role } = await locking;
    const [pending] = await pendingRead;
    if (pending) {
      const { labelCarrier, labelPriceMinor, ...waiting } = pending;
      if (labelCarrier !== body.shipmentProviderId || labelPriceMinor !== priceMinor) {
        throw new AppError(
          "conflict",
          `A ${leg.toLowerCase()} label (${labelCarrier}, payment ${waiting.id}) is already waiting for its payment.`,
        );
      }
      return waiting;
    }
    // The table decides who may buy which label, and when (a self-transition: the state stays).
    const action = leg === "Delivery" ? "buyDeliveryLabel" : "buyReturnLabel";
    const ordered = (
      await transitionTrade(q, { trade, settings: context.tenant, action, actor: role, now: context.now })
    ).trade;

    const buyerPays = buyerPaysOf(ordered.shippingPayerMinor, leg, priceMinor);
    const fromEscrow = priceMinor - buyerPays;
    const label = {
      id: order.id,
      leg,
      labelPricePayerMinor: leg === "Delivery" ? fromEscrow : buyerPays,
      labelPricePayeeMinor: leg === "Delivery" ? buyerPays : 0n,
    };
    const paidBy =
      label.labelPricePayerMinor > 0n && label.labelPricePayeeMinor > 0n
        ? LABEL_PAID_BY.shared
        : label.labelPricePayeeMinor > 0n
          ? LABEL_PAID_BY.payee
          : LABEL_PAID_BY.payer;
    const paid = buyerPays === 0n;
    // Paid from escrow: the label is issued with its row. The trade's shipping money never changes
    // after initiation, so the answer before the transaction is the answer now.
    if (paid && !issued) throw new Error(`Label ${label.id} is paid from escrow but was not asked of the carrier`);
    const issuedNow = paid ? issued : null;
    const wallClock = new Date(); // Prisma's @default(now()) / @updatedAt
    // Sent with the label's transition below (lib/db/sql.ts Sql), which does not read these rows.
    const inserted = q<Payment>(statement`
      WITH payment AS (
        INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose", "amountMinor",
          "currency", "externalId", "state", "paidAt", "createdAt", "updatedAt")
        VALUES (${randomUUID()}, ${scope.tenantId}, ${scope.mode}::"ApiMode", ${tradeId}, ${marketplaceUserId},
          ${leg === "Delivery" ? "DeliveryLabel" : "ReturnLabel"}::"PaymentPurpose", ${buyerPays.toString()}::bigint,
          ${ordered.currency}, ${externalId}, ${paid ? "Paid" : "Pending"}::"PaymentState",
          ${paid ? context.now : null}::timestamp, ${context.now}::timestamp, ${wallClock}::timestamp)
        RETURNING *),
      label AS (
        INSERT INTO "ShipmentLabel" ("id", "tenantId", "mode", "tradeId", "leg", "carrier", "priceMinor",
          "labelPricePayerMinor", "labelPricePayeeMinor", "labelPaidBy", "expectedMaxWeightGrams", "paymentId",
          "providerReference", "labelCode", "trackingUrl", "status", "createdAt", "updatedAt")
        SELECT ${label.id}, ${scope.tenantId}, ${scope.mode}::"ApiMode", ${tradeId}, ${leg}::"ShipmentLeg",
          ${body.shipmentProviderId}, ${priceMinor.toString()}::bigint, ${label.labelPricePayerMinor.toString()}::bigint,
          ${label.labelPricePayeeMinor.toString()}::bigint, ${paidBy}::int, ${body.expectedMaxWeightInGrams}::int,
          payment."id", ${issuedNow?.providerReference ?? null}, ${issuedNow?.labelCode ?? null},
          ${issuedNow?.trackingUrl ?? null}, ${issuedNow ? "Created" : "Pending"}::"ShipmentStatus",
          ${wallClock}::timestamp, ${wallClock}::timestamp
        FROM payment)
      SELECT * FROM payment`);
    if (paid) {
      await labelCreated(q, context.tenant, ordered, label, context.now);
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

/** The same, read before the transaction (null: no such trade, which the transaction answers). */
async function buyerPaysFor(
  scope: { tenantId: string; mode: ApiMode },
  tradeId: string,
  leg: "Delivery" | "Return",
  priceMinor: bigint,
): Promise<bigint | null> {
  const [trade] = await run<{ shippingPayerMinor: bigint }>(statement`
    SELECT "shippingPayerMinor" FROM "Trade"
    WHERE "id" = ${tradeId} AND "tenantId" = ${scope.tenantId} AND "mode" = ${scope.mode}::"ApiMode"`);
  return trade ? buyerPaysOf(trade.shippingPayerMinor, leg, priceMinor) : null;
}
