// A carrier's tracking message, verified by the caller (lib/http/shipmondo-webhook-route.ts): stored
// in the inbox (carrier-inbox.ts), then applied to the label's trade through the path the
// sandbox's carrier events take (apply-tracking-event.ts). An event the trade has passed already
// (a late or reordered message) changes nothing and is done with. When applying fails otherwise,
// the message stays in the inbox unapplied and the caller answers so that the carrier sends it
// again; the scheduler's sweep (sweepCarrierEvents) applies what no redelivery brought.
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { metrics } from "../ops/metrics.ts";
import { applyTrackingEvent } from "./apply-tracking-event.ts";
import {
  markCarrierEventApplied,
  markCarrierEventFailed,
  storeCarrierEvent,
  unappliedCarrierEvents,
  type CarrierMessage,
} from "./carrier-inbox.ts";

export type CarrierEventOutcome =
  { outcome: "applied"; state: string } | { outcome: "passed already" } | { outcome: "duplicate" };

export async function receiveCarrierEvent(message: CarrierMessage): Promise<CarrierEventOutcome> {
  if (!(await storeCarrierEvent(message, new Date()))) {
    metrics().carrierEvents.inc({ provider: message.provider, outcome: "duplicate" });
    return { outcome: "duplicate" };
  }
  try {
    const done = await applyStored(message);
    metrics().carrierEvents.inc({ provider: message.provider, outcome: done.outcome });
    return done;
  } catch (error) {
    metrics().carrierEvents.inc({ provider: message.provider, outcome: "failed" });
    throw error;
  }
}

async function applyStored(message: CarrierMessage): Promise<CarrierEventOutcome> {
  const label = await db.shipmentLabel.findUniqueOrThrow({
    where: { id: message.labelId },
    select: { id: true, mode: true, tenant: true },
  });
  const now = tenantNow(label.tenant, label.mode);
  try {
    const applied = await applyTrackingEvent(label.tenant, label.mode, label.id, message.event, now);
    await markCarrierEventApplied(message, new Date());
    return { outcome: "applied", state: applied.state };
  } catch (error) {
    if (error instanceof AppError && (error.code === "invalid-state" || error.code === "conflict")) {
      await markCarrierEventApplied(message, new Date(), "passed already");
      return { outcome: "passed already" };
    }
    await markCarrierEventFailed(message, error);
    throw error;
  }
}

/** The scheduler's sweep: messages stored a while ago and not applied (their request failed). */
export async function sweepCarrierEvents(now: Date, limit = 100): Promise<number> {
  const due = await unappliedCarrierEvents(limit, new Date(now.getTime() - 30_000));
  let applied = 0;
  for (const message of due) {
    try {
      const done = await applyStored(message);
      metrics().carrierEvents.inc({ provider: message.provider, outcome: `swept: ${done.outcome}` });
      applied++;
    } catch (error) {
      console.warn(`carrier event ${message.provider}/${message.eventKey} not applied: ${String(error)}`);
    }
  }
  return applied;
}
