// POST /v1/sandbox/payments/{paymentId}/complete: the sandbox decides a pending payment "as if the
// payer paid in the hosted page" (spec §6), and the news takes the path live news takes: the
// simulated bank records the payer's try, sends its signed callback, and the callback is applied
// from the inbox by asking the bank (lib/payments/settle-rail-payment.ts). The endpoint answers
// once that is done, with the payment as it then is.
import type { Payment, Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { publicBaseUrl } from "../config.ts";
import { openRailPayment } from "../payments/open-rail-payment.ts";
import { serializePayment } from "../payments/serialize-payment.ts";
import { decideBySandbox } from "../payments/simulated-rail/bank.ts";
import { simulatedPaymentRail } from "../payments/simulated-rail/rail.ts";
import { sendCallbackNow } from "../payments/simulated-rail/send-callback.ts";
import { refuseOnePersonOnBothSides } from "../trades/distinct-parties.ts";
import { paymentOfTenant, paymentRow } from "../trades/store/payment-rows.ts";

export async function completeSandboxPayment(
  tenant: Tenant,
  mode: ApiMode,
  reference: string,
  outcome: "succeeded" | "failed",
  now: Date,
) {
  const scope = { tenantId: tenant.id, mode };
  const payment = await paymentOfTenant(scope, reference);
  if (!payment) throw AppError.notFound(`Payment ${JSON.stringify(reference)}`);
  if (payment.state !== "Pending")
    throw new AppError(
      "invalid-state",
      `The payment is \`${payment.state}\`; only a \`Pending\` payment can be completed.`,
    );
  // The payer's commitment is checked before the bank takes money, as the hosted checkout does.
  if (outcome === "succeeded" && payment.purpose === "Escrow")
    await refuseOnePersonOnBothSides(null, scope, payment.tradeId);
  const bankPaymentId = await bankPaymentOf(payment);
  // Decided already, by another completion a moment ago or by one whose server died before its
  // news was applied: the bank's decision stands and its news is sent again (so the payment does
  // not wait for the poll), but this request completed nothing, and says so with the state now.
  const decidedHere = await decideBySandbox(bankPaymentId, outcome, now);
  if (!decidedHere && (await simulatedPaymentRail.paymentStatus(bankPaymentId)).state !== "succeeded")
    throw new AppError("invalid-state", "The payment is being confirmed by the payer at the bank; try again shortly.");
  await sendCallbackNow(bankPaymentId);
  // The bank decided; if the trade moved meanwhile (cancelled while the payer paid), the payment
  // could not take it, and the endpoint says so as before the rail was asynchronous.
  const settled = await paymentRow(payment.id);
  if (!settled) throw AppError.notFound(`Payment ${JSON.stringify(reference)}`);
  if (!decidedHere || settled.state !== (outcome === "succeeded" ? "Paid" : "Pending"))
    throw new AppError(
      "invalid-state",
      `The payment is \`${settled.state}\`; only a \`Pending\` payment can be completed.`,
    );
  return serializePayment(settled);
}

/** The simulated bank's payment the payer would pay at (opened now if the payer never went there). */
async function bankPaymentOf(payment: Payment) {
  if (payment.provider === simulatedPaymentRail.name && payment.railPaymentId) {
    const status = await simulatedPaymentRail.paymentStatus(payment.railPaymentId);
    if (status.state !== "closed") return payment.railPaymentId;
  }
  const home = publicBaseUrl();
  const step = await openRailPayment(payment, { returnUrl: home, cancelUrl: home });
  if (step.kind !== "redirect") throw new AppError("invalid-state", "The payment can no longer be completed.");
  if (step.provider !== simulatedPaymentRail.name)
    throw new AppError(
      "forbidden",
      "The sandbox completes payments only on the simulated payment rail; this deployment's test mode uses a real one.",
    );
  return step.railPaymentId;
}
