// A rail's callback, as its route receives it (app/rail-events/[provider]/route.ts): verified on
// the raw body by the rail, stored in the inbox before anything else happens, applied, marked
// applied. Refused (400) when the signature is wrong: nothing is stored. When applying fails, the
// callback stays in the inbox unapplied and the route answers 500, so the rail delivers it again;
// the worker's sweep (sweepRailCallbacks) applies what no redelivery brought.
import { railNamed } from "../outside-parties.ts";
import { settleRailPayout } from "../payouts/settle-rail-payout.ts";
import { settleRailDispute } from "./settle-rail-dispute.ts";
import { settleRailRefund } from "./send-rail-refunds.ts";
import { settlePayment, settleRailPayment } from "./settle-rail-payment.ts";
import type { PaymentRail, RailEvent } from "./payment-rail.ts";
import { db } from "../db/client.ts";
import { markApplied, markFailed, storeCallback, unappliedCallbacks } from "./rail-inbox.ts";

export type CallbackAnswer = "applied" | "duplicate";

/** Throws RailCallbackRefused for a bad signature; AppError not-found for a rail this build lacks. */
export async function receiveRailCallback(
  provider: string,
  rawBody: string,
  headers: Headers,
): Promise<CallbackAnswer> {
  const rail = railNamed(provider);
  const event = rail.readCallback(rawBody, headers);
  if (!(await storeCallback(rail.name, event, new Date()))) return "duplicate";
  await applyStored(rail, event);
  return "applied";
}

async function applyStored(rail: PaymentRail, event: RailEvent): Promise<void> {
  try {
    await applyRailEvent(rail, event);
  } catch (error) {
    await markFailed(rail.name, event.eventId, error);
    throw error;
  }
  await markApplied(rail.name, event.eventId, new Date());
}

/** What a callback is about, brought up to date from the rail. */
export async function applyRailEvent(rail: PaymentRail, event: RailEvent): Promise<void> {
  switch (event.objectKind) {
    case "payment":
      await settleRailPayment(rail, event.objectId);
      return;
    case "refund":
      await settleRailRefund(rail.name, event.objectId);
      return;
    case "our-payment":
      if (await paymentExists(event.objectId)) await settlePayment(event.objectId);
      return;
    case "dispute":
      await settleRailDispute(rail, event.objectId);
      return;
    case "our-payout":
      await settleRailPayout(event.objectId);
      return;
    case "unhandled":
      return;
  }
}

/** The worker's sweep: callbacks stored a while ago and not applied (their request failed). */
export async function sweepRailCallbacks(now: Date, limit = 100): Promise<number> {
  const due = await unappliedCallbacks(limit, new Date(now.getTime() - 30_000));
  let applied = 0;
  for (const stored of due) {
    try {
      await applyStored(railNamed(stored.provider), {
        eventId: stored.eventId,
        objectKind: stored.objectKind as RailEvent["objectKind"],
        objectId: stored.objectId,
      });
      applied++;
    } catch (error) {
      console.warn(`rail callback ${stored.provider}/${stored.eventId} not applied: ${String(error)}`);
    }
  }
  return applied;
}

/** A callback may name a payment of another deployment sharing the rail account: not ours, nothing to do. */
async function paymentExists(paymentId: string): Promise<boolean> {
  return (await db.payment.count({ where: { id: paymentId } })) === 1;
}
