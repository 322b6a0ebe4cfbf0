// A payment's outcome arrives (the hosted payment page, a provider callback, or the sandbox).
// Paid: the payment becomes Paid and moves its trade: escrow funded (trade.created), or the label
// issued (trade.shipment_label_created / return_…). Declined: the try is recorded and the payment
// stays Pending, so the payer can try again (decisions.md §9). A label's carrier is asked before
// the transaction, so no carrier call runs while the trade's row is locked (lib/shipping/issue-label.ts).
import { randomUUID } from "node:crypto";
import { AppError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Payment, ShipmentLabel, Tenant } from "../db/generated/client.ts";
import { inTransaction, run, statement } from "../db/sql.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { metrics } from "../ops/metrics.ts";
import { issueLabelOfPayment, labelCreated, requestLabel, voidUnusedLabel } from "../shipping/issue-label.ts";
import { refuseOnePersonOnBothSides } from "../trades/distinct-parties.ts";
import { lockTradeOfPayment } from "../trades/store/lock.ts";
import { transitionTrade } from "../trades/transition-trade.ts";
import type { AttemptOutcome, AttemptSource } from "./payment-attempts.ts";
import { serializePayment } from "./serialize-payment.ts";

/** `reference` is the payment's id or its externalId; `method` is a hosted page's choice. */
export async function completePayment(
  tenant: Tenant,
  mode: ApiMode,
  reference: string,
  outcome: AttemptOutcome,
  now: Date,
  attempt: { source: AttemptSource; method?: string },
) {
  const order = outcome === "succeeded" ? await labelToIssue(tenant, mode, reference) : null;
  const issued = order ? await requestLabel(mode, order) : null;
  // On the driver: the payment's trade locked and read, the payment paid with its attempt, the
  // transition's statement (with its ledger transfer).
  const payment = await inTransaction(async (q) => {
    const locked = await lockTradeOfPayment(q, { tenantId: tenant.id, mode }, reference);
    if (!locked) throw AppError.notFound(`Payment ${JSON.stringify(reference)}`);
    const { trade, payment: found } = locked;
    const notPending = async () => {
      const [current] = await q<Payment>(statement`SELECT "state" FROM "Payment" WHERE "id" = ${found.id}`);
      return new AppError(
        "invalid-state",
        `The payment is \`${current!.state}\`; only a \`Pending\` payment can be completed.`,
      );
    };
    // Paying into escrow is the payer's commitment: refused when the payer is the payee's own
    // person (connected after initiation, and paying without accept-and-pay: the sandbox, a
    // payment flow). Sent with the update below; a refusal rolls the update back.
    const onePerson =
      found.purpose === "Escrow" && outcome === "succeeded"
        ? refuseOnePersonOnBothSides(q, { tenantId: tenant.id, mode }, trade.id).then(
            () => null,
            (error: unknown) => error,
          )
        : null;
    // Only a pending payment takes an outcome: a declined try is recorded, a success pays it. The
    // guard makes a second completion a 409; the trade's lock orders a declined try after any
    // completion, so a paid payment refuses it.
    const [completed] = await q<Payment>(statement`
      WITH paid AS (
        UPDATE "Payment" SET "state" = 'Paid', "paidAt" = ${now}::timestamp, "method" = coalesce(${attempt.method ?? null}, "method"),
          "updatedAt" = ${now}::timestamp
        WHERE ${outcome === "succeeded"}::boolean AND "id" = ${found.id} AND "state" = 'Pending'
        RETURNING *),
      still AS (
        SELECT * FROM "Payment"
        WHERE NOT ${outcome === "succeeded"}::boolean AND "id" = ${found.id} AND "state" = 'Pending'),
      answered AS (SELECT * FROM paid UNION ALL SELECT * FROM still),
      attempt AS (
        INSERT INTO "PaymentAttempt" ("id", "paymentId", "tenantId", "outcome", "method", "source", "createdAt")
        SELECT ${randomUUID()}, answered."id", answered."tenantId", ${outcome}, ${attempt.method ?? null},
          ${attempt.source}, ${now}::timestamp
        FROM answered)
      SELECT * FROM answered`);
    if (!completed) throw await notPending();
    const refusal = await onePerson;
    if (refusal) throw refusal;
    if (outcome !== "succeeded") return completed;
    if (found.purpose === "Escrow") {
      await transitionTrade(q, { trade, settings: tenant, action: "escrowPaid", actor: "paymentRail", now });
    } else {
      // Asked for before the transaction: the payment was Pending then (a payment never returns to
      // Pending), so a label payment that passed the guard above always has its label here.
      const label = issued && (await issueLabelOfPayment(q, found.id, issued));
      if (!label) throw new Error(`Label payment ${found.id} reached completion without its label`);
      await labelCreated(q, tenant, trade, label, now);
    }
    return completed; // what follows moves the trade and the label, not the payment
  }).catch(async (error: unknown) => {
    if (order && issued)
      await voidUnusedLabel(
        mode,
        order,
        issued,
        async () =>
          (await db.shipmentLabel.findUnique({ where: { id: order.id }, select: { status: true } }))?.status ===
          "Pending",
      );
    throw error;
  });
  metrics().payments.inc({ purpose: payment.purpose, outcome });
  return serializePayment(payment);
}

/**
 * The label a label payment pays for, while that payment is Pending; null for anything else. The
 * reference is looked up in each unique index on its own, and the tenant checked on the payment
 * found, as lockTradeOfPayment does and for the same reasons (lib/trades/store/lock.ts).
 */
async function labelToIssue(tenant: Tenant, mode: ApiMode, reference: string) {
  const [label] = await run<Pick<ShipmentLabel, "id" | "carrier" | "expectedMaxWeightGrams">>(statement`
    WITH p AS MATERIALIZED (
      SELECT "id", "tenantId", "mode", "purpose", "state" FROM "Payment" WHERE "id" = ${reference}
      UNION ALL SELECT "id", "tenantId", "mode", "purpose", "state" FROM "Payment" WHERE "externalId" = ${reference}
      LIMIT 1)
    SELECT l."id", l."carrier", l."expectedMaxWeightGrams"
    FROM p JOIN "ShipmentLabel" l ON l."paymentId" = p."id"
    WHERE p."tenantId" = ${tenant.id}
      AND p."mode" = ${mode}::"ApiMode" AND p."purpose" <> 'Escrow' AND p."state" = 'Pending'`);
  return label ?? null;
}
