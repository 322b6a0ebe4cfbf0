// A trade's shipment labels and their payments, in the caller's transaction that holds the
// trade's lock (lib/shipping/buy-shipment.ts, issue-label.ts, apply-tracking-event.ts).
import { randomUUID } from "node:crypto";
import type { Payment, ShipmentLabel } from "../../db/generated/client.ts";
import type { ApiMode, ShipmentStatus } from "../../db/generated/enums.ts";
import { statement, type Sql } from "../../db/sql.ts";

type Scope = { tenantId: string; mode: ApiMode };
type Leg = "Delivery" | "Return";
export type LabelShares = Pick<ShipmentLabel, "leg" | "labelPricePayerMinor" | "labelPricePayeeMinor">;
export interface IssuedLabelRow {
  providerReference: string;
  labelCode: string;
  trackingUrl: string;
}

/**
 * A purchase of the leg's label still waiting for its payment. A statement of its own, after the
 * lock: joined into the locking statement it would read the labels as they were before waiting
 * for the lock, and miss a purchase committed meanwhile. It may be sent with the lock all the same
 * (lib/db/sql.ts Sql): PostgreSQL runs it once the lock is granted.
 */
export async function pendingLabelPurchase(q: Sql, scope: Scope, tradeId: string, leg: Leg) {
  const [pending] = await q<Payment & { labelCarrier: string; labelPriceMinor: bigint }>(statement`
    SELECT p.*, l."carrier" AS "labelCarrier", l."priceMinor" AS "labelPriceMinor"
    FROM "ShipmentLabel" l JOIN "Payment" p ON p."id" = l."paymentId"
    WHERE l."tenantId" = ${scope.tenantId} AND l."mode" = ${scope.mode}::"ApiMode" AND l."tradeId" = ${tradeId}
      AND l."leg" = ${leg}::"ShipmentLeg" AND l."status" = 'Pending'
    LIMIT 1`);
  if (!pending) return null;
  const { labelCarrier, labelPriceMinor, ...payment } = pending;
  return { payment, carrier: labelCarrier, priceMinor: labelPriceMinor };
}

export interface LabelPurchase {
  scope: Scope;
  tradeId: string;
  buyerMarketplaceUserId: string;
  currency: string;
  externalId: string;
  buyerPaysMinor: bigint;
  label: LabelShares & Pick<ShipmentLabel, "id" | "carrier" | "priceMinor" | "expectedMaxWeightGrams" | "labelPaidBy">;
  /** The carrier's label when it is paid from escrow and issued with its row; else it waits for its payment. */
  issued: IssuedLabelRow | null;
  now: Date;
}

/** The label's payment and the label, one statement; answers the payment. */
export function insertLabelPurchase(q: Sql, purchase: LabelPurchase): Promise<Payment[]> {
  const { scope, tradeId, label, issued, now } = purchase;
  const paid = purchase.buyerPaysMinor === 0n;
  const wallClock = new Date(); // Prisma's @default(now()) / @updatedAt
  return q<Payment>(statement`
    WITH payment AS (
      INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose", "amountMinor",
        "currency", "externalId", "state", "paidAt", "createdAt", "updatedAt")
      VALUES (${randomUUID()}, ${scope.tenantId}, ${scope.mode}::"ApiMode", ${tradeId}, ${purchase.buyerMarketplaceUserId},
        ${label.leg === "Delivery" ? "DeliveryLabel" : "ReturnLabel"}::"PaymentPurpose", ${purchase.buyerPaysMinor.toString()}::bigint,
        ${purchase.currency}, ${purchase.externalId}, ${paid ? "Paid" : "Pending"}::"PaymentState",
        ${paid ? now : null}::timestamp, ${now}::timestamp, ${wallClock}::timestamp)
      RETURNING *),
    label AS (
      INSERT INTO "ShipmentLabel" ("id", "tenantId", "mode", "tradeId", "leg", "carrier", "priceMinor",
        "labelPricePayerMinor", "labelPricePayeeMinor", "labelPaidBy", "expectedMaxWeightGrams", "paymentId",
        "providerReference", "labelCode", "trackingUrl", "status", "createdAt", "updatedAt")
      SELECT ${label.id}, ${scope.tenantId}, ${scope.mode}::"ApiMode", ${tradeId}, ${label.leg}::"ShipmentLeg",
        ${label.carrier}, ${label.priceMinor.toString()}::bigint, ${label.labelPricePayerMinor.toString()}::bigint,
        ${label.labelPricePayeeMinor.toString()}::bigint, ${label.labelPaidBy}::int, ${label.expectedMaxWeightGrams}::int,
        payment."id", ${issued?.providerReference ?? null}, ${issued?.labelCode ?? null},
        ${issued?.trackingUrl ?? null}, ${issued ? "Created" : "Pending"}::"ShipmentStatus",
        ${wallClock}::timestamp, ${wallClock}::timestamp
      FROM payment)
    SELECT * FROM payment`);
}

/** The label a completed payment pays for, given the carrier's answer: one statement. Null if it has none. */
export async function issueLabelOfPayment(q: Sql, paymentId: string, issued: IssuedLabelRow) {
  const [label] = await q<LabelShares & Pick<ShipmentLabel, "id">>(statement`
    UPDATE "ShipmentLabel" SET "providerReference" = ${issued.providerReference}, "labelCode" = ${issued.labelCode},
      "trackingUrl" = ${issued.trackingUrl}, "status" = 'Created', "updatedAt" = ${new Date()}::timestamp
    WHERE "paymentId" = ${paymentId}
    RETURNING "id", "leg", "labelPricePayerMinor", "labelPricePayeeMinor"`);
  return label ?? null;
}

/** The label's new status with its tracking event: one statement. */
export function recordTrackingEvent(q: Sql, labelId: string, status: ShipmentStatus, event: string, now: Date) {
  return q(statement`
    WITH status AS (
      UPDATE "ShipmentLabel" SET "status" = ${status}::"ShipmentStatus", "updatedAt" = ${new Date()}::timestamp
      WHERE "id" = ${labelId})
    INSERT INTO "ShipmentTrackingEvent" ("labelId", "event", "occurredAt")
    VALUES (${labelId}, ${event}, ${now}::timestamp)`);
}
