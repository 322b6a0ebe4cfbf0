// The inbox of the rails' callbacks (model RailCallback): stored before anything else happens,
// unique by the rail's event id, marked applied once applied. A callback already applied is a
// duplicate; one stored but not applied (the request that got it failed) is applied again, by a
// redelivery of the rail or by the worker's sweep.
import { db } from "../db/client.ts";
import type { RailEvent } from "./payment-rail.ts";

/** Stores the callback; false when it was applied before (a duplicate, nothing to do). */
export async function storeCallback(provider: string, event: RailEvent, now: Date): Promise<boolean> {
  await db.railCallback.createMany({
    data: [
      { provider, eventId: event.eventId, objectKind: event.objectKind, objectId: event.objectId, receivedAt: now },
    ],
    skipDuplicates: true,
  });
  const stored = await db.railCallback.findUniqueOrThrow({
    where: { provider_eventId: { provider, eventId: event.eventId } },
    select: { appliedAt: true },
  });
  return stored.appliedAt === null;
}

export async function markApplied(provider: string, eventId: string, now: Date): Promise<void> {
  await db.railCallback.update({
    where: { provider_eventId: { provider, eventId } },
    data: { appliedAt: now, tries: { increment: 1 }, lastError: null },
  });
}

/** The failure is kept for operators (no secrets: an error's message about our own tables or the rail). */
export async function markFailed(provider: string, eventId: string, error: unknown): Promise<void> {
  await db.railCallback.update({
    where: { provider_eventId: { provider, eventId } },
    data: {
      tries: { increment: 1 },
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
    },
  });
}

/** Callbacks stored but not applied, oldest first (the worker's sweep). */
export function unappliedCallbacks(limit: number, receivedBefore: Date) {
  return db.railCallback.findMany({
    where: { appliedAt: null, receivedAt: { lt: receivedBefore } },
    orderBy: { receivedAt: "asc" },
    take: limit,
    select: { provider: true, eventId: true, objectKind: true, objectId: true },
  });
}
