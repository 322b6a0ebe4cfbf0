// The inbox of the carriers' tracking messages (model CarrierEvent): stored before it is applied,
// unique by the carrier's event key, marked applied once applied. A message applied before is a
// duplicate; one stored but not applied (applying failed) is applied again, by the carrier's
// redelivery or by the scheduler's sweep. The payment rails' callbacks have the same inbox
// (lib/payments/rail-inbox.ts); a carrier's message is applied from what it says (its signature
// was checked), as no carrier we use lets us read a shipment's tracking back.
import { db } from "../db/client.ts";
import type { TrackingEvent } from "./carrier.ts";

export interface CarrierMessage {
  provider: string;
  /** The carrier's event id, or what stands for one (unique per message that matters). */
  eventKey: string;
  labelId: string;
  event: TrackingEvent;
}

/** Stores the message; false when it was applied before (a duplicate, nothing to do). */
export async function storeCarrierEvent(message: CarrierMessage, now: Date): Promise<boolean> {
  await db.carrierEvent.createMany({ data: [{ ...message, receivedAt: now }], skipDuplicates: true });
  const stored = await db.carrierEvent.findUniqueOrThrow({
    where: { provider_eventKey: { provider: message.provider, eventKey: message.eventKey } },
    select: { appliedAt: true },
  });
  return stored.appliedAt === null;
}

/** Applied, or found passed already (`note`): either way nothing is left to do. */
export async function markCarrierEventApplied(message: CarrierMessage, now: Date, note: string | null = null) {
  await db.carrierEvent.update({
    where: { provider_eventKey: { provider: message.provider, eventKey: message.eventKey } },
    data: { appliedAt: now, tries: { increment: 1 }, lastError: note },
  });
}

/** The failure is kept for operators (an error's message about our own tables: no secrets). */
export async function markCarrierEventFailed(message: CarrierMessage, error: unknown) {
  await db.carrierEvent.update({
    where: { provider_eventKey: { provider: message.provider, eventKey: message.eventKey } },
    data: {
      tries: { increment: 1 },
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    },
  });
}

/** Messages stored before `receivedBefore` and not applied, oldest first (the sweep). */
export async function unappliedCarrierEvents(limit: number, receivedBefore: Date): Promise<CarrierMessage[]> {
  const rows = await db.carrierEvent.findMany({
    where: { appliedAt: null, receivedAt: { lt: receivedBefore } },
    orderBy: { receivedAt: "asc" },
    take: limit,
    select: { provider: true, eventKey: true, labelId: true, event: true },
  });
  return rows.map((row) => ({ ...row, event: row.event as TrackingEvent }));
}
