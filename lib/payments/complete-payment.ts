// A payment's outcome arrives: from the rail (lib/payments/settle-rail-payment.ts: its callback, the
// payer's return, the reconciliation poll), or from a test's direct call.
// Paid: the payment becomes Paid and moves its trade: escrow funded (trade.created), or the label
// issued (trade.shipment_label_created / return_…). Declined: the try is recorded and the payment
// stays Pending, so the payer can try again (decisions.md §9). A label's carrier is asked before
// the transaction, so no carrier call runs while the trade's row is locked (lib/shipping/issue-label.ts).
import { AppError } from "../errors.ts";
import { db } from "../db/client.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode, PaymentPurpose } from "../db/generated/enums.ts";
import { metrics } from "../ops/metrics.ts";
import { labelCreated, requestLabel, voidUnusedLabel } from "../shipping/issue-label.ts";
import { refuseOnePersonOnBothSides } from "../trades/distinct-parties.ts";
import { completeSessionsPaying } from "../trades/store/hosted-sessions.ts";
import { issueLabelOfPayment } from "../trades/store/label-rows.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { labelToIssue, paymentStateOf, recordPaymentOutcome } from "../trades/store/payment-rows.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import type { AttemptOutcome, AttemptSource } from "./payment-attempts.ts";
import { serializePayment } from "./serialize-payment.ts";

/** `reference` is the payment's id or its externalId; `method` is a hosted page's choice. */
export async function completePayment(
  tenant: Tenant,
  mode: ApiMode,
  reference: string,
  outcome: AttemptOutcome,
  now: Date,
  /** `railAttemptId`: the rail's id of the try, so that a try reported twice is recorded once. */
  attempt: { source: AttemptSource; method?: string | null; railAttemptId?: string },
  /** The payment's purpose when the caller read it: an escrow payment has no label to ask for. */
  purpose?: PaymentPurpose,
) {
  const order =
    outcome === "succeeded" && purpose !== "Escrow"
      ? await labelToIssue({ tenantId: tenant.id, mode }, reference)
      : null;
  const issued = order ? await requestLabel(mode, order) : null;
  // The payment's trade locked and read, the payment paid with its attempt, the transition's
  // statement (with its ledger transfer).
  const scope = { tenantId: tenant.id, mode };
  const payment = await withLockedTrade(tradeLocks.ofPayment(scope, reference), async (locked, tx) => {
    if (!locked) throw AppError.notFound(`Payment ${JSON.stringify(reference)}`);
    const { trade, payment: found } = locked;
    // Paying into escrow is the payer's commitment: refused when the payer is the payee's own
    // person (connected after initiation, and paying without accept-and-pay: the sandbox, a
    // payment flow). Sent with the update below; a refusal rolls the update back.
    const onePerson =
      found.purpose === "Escrow" && outcome === "succeeded"
        ? refuseOnePersonOnBothSides(tx.q, scope, trade.id).then(
            () => null,
            (error: unknown) => error,
          )
        : null;
    // Only a pending payment takes an outcome: a declined try is recorded, a success pays it. The
    // guard makes a second completion a 409; the trade's lock orders a declined try after any
    // completion, so a paid payment refuses it.
    const completed = await recordPaymentOutcome(tx.q, found.id, outcome, attempt, now);
    if (!completed) {
      const state = await paymentStateOf(tx.q, found.id);
      throw new AppError("invalid-state", `The payment is \`${state}\`; only a \`Pending\` payment can be completed.`);
    }
    const refusal = await onePerson;
    if (refusal) throw refusal;
    if (outcome !== "succeeded") return completed;
    await completeSessionsPaying(tx.q, { ...found, tradeId: trade.id }, now);
    if (found.purpose === "Escrow") {
      await tx.transition({ trade, settings: tenant, action: "escrowPaid", actor: "paymentRail", now });
    } else {
      // Asked for before the transaction: the payment was Pending then (a payment never returns to
      // Pending), so a label payment that passed the guard above always has its label here.
      const label = issued && (await issueLabelOfPayment(tx.q, found.id, issued));
      if (!label) throw new Error(`Label payment ${found.id} reached completion without its label`);
      await labelCreated(tx, tenant, trade, label, now);
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
