// The simulated bank tells us a payment changed the way a real rail does: a signed callback into
// the path every rail's callbacks take (lib/payments/receive-rail-callback.ts, the same function
// the route app/rail-events/[provider] calls). It arrives after SIMULATED_RAIL_CALLBACK_DELAY_MS
// (default 0: before the payer's browser comes back), so a sandbox can rehearse a callback that
// arrives after the payer's return, which the return then covers. A callback sent later from a
// timer is lost with the process, as a real rail's may be; the return and the reconciliation
// poll cover that too.
import { receiveRailCallback } from "../receive-rail-callback.ts";
import { signCallback, SIGNATURE_HEADER } from "./signing.ts";
import {
  simulatedDisputeEventBody,
  simulatedEventBody,
  simulatedPayoutEventBody,
  simulatedRefundEventBody,
} from "./simulated-event.ts";

function callbackDelayMs(): number {
  const configured = Number(process.env.SIMULATED_RAIL_CALLBACK_DELAY_MS ?? 0);
  return Number.isFinite(configured) && configured > 0 ? configured : 0;
}

const deliver = (body: string) =>
  receiveRailCallback("simulated", body, new Headers({ [SIGNATURE_HEADER]: signCallback(body) }));

/** At once, or after the configured delay; a failure is logged, as a rail's lost callback would be. */
async function sendLater(body: string, about: string): Promise<void> {
  const send = () =>
    deliver(body).catch((error: unknown) =>
      console.warn(`simulated rail: callback about ${about} not applied: ${String(error)}`),
    );
  const delay = callbackDelayMs();
  if (delay === 0) await send();
  else setTimeout(send, delay).unref();
}

/** After the payer's choice on the bank's page. */
export async function sendCallbackOfPayer(bankPaymentId: string): Promise<void> {
  await sendLater(simulatedEventBody(bankPaymentId), bankPaymentId);
}

/** After the bank paid a refund back. */
export async function sendRefundCallback(bankRefundId: string): Promise<void> {
  await sendLater(simulatedRefundEventBody(bankRefundId), bankRefundId);
}

/** After the bank decided a payout (`payoutId`: ours, which the event names as a real rail's metadata would). */
export async function sendPayoutCallback(bankPayoutId: string, payoutId: string): Promise<void> {
  await sendLater(simulatedPayoutEventBody(bankPayoutId, payoutId), bankPayoutId);
}

/** After the sandbox's endpoint decided: at once, and its failure is the endpoint's answer. */
export async function sendCallbackNow(bankPaymentId: string): Promise<void> {
  await deliver(simulatedEventBody(bankPaymentId));
}

/**
 * After the sandbox's endpoint opened or decided a dispute: at once, like sendCallbackNow, so that
 * the endpoint can answer with the chargeback it recorded; its failure is the endpoint's answer.
 */
export async function sendDisputeCallbackNow(bankDisputeId: string): Promise<void> {
  await deliver(simulatedDisputeEventBody(bankDisputeId));
}
