// The inbox of the rails' callbacks (model RailCallback): stored before anything else happens,
// unique by the rail's event id, marked applied once applied. A callback already applied is a
// duplicate; one stored but not applied (the request that got it failed) is applied again, by a
// redelivery of the rail or by the worker's sweep.
import { randomUUID } from "node:crypto";
import { db } from "../db/client.ts";
import { run, statement } from "../db/sql.ts";
import type { RailEvent } from "./payment-rail.ts";

/** Stores the callback; false when it was applied before (a duplicate, nothing to do). */
export async function storeCallback(provider: string, event: RailEvent, now: Date): Promise<boolean> {
  // Stored, or the one stored before, in one statement (every callback and every sandbox completion
  // passes here). Its second half reads the statement's snapshot, which lacks a callback another
  // request committed while this insert waited on its key; then the callback is read again.
  const [stored] = await run<{ appliedAt: Date | null }>(statement`
    WITH stored AS (
      INSERT INTO "RailCallback" ("id", "provider", "eventId", "objectKind", "objectId", "receivedAt")
      VALUES (${randomUUID()}, ${provider}, ${event.eventId}, ${event.objectKind}, ${event.objectId}, ${now})
      ON CONFLICT ("provider", "eventId") DO NOTHING RETURNING "appliedAt")
    SELECT "appliedAt" FROM stored
    UNION ALL SELECT "appliedAt" FROM "RailCallback" WHERE "provider" = ${provider} AND "eventId" = ${event.eventId}
    LIMIT 1`);
  const appliedAt =
    stored?.appliedAt ??
    (stored
      ? null
      : (
          await db.railCallback.findUniqueOrThrow({
            where: { provider_eventId: { provider, eventId: event.eventId } },
            select: { appliedAt: true },
          })
        ).appliedAt);
  return appliedAt === null;
}

export async function markApplied(provider: string, eventId: string, now: Date): Promise<void> {
  await run(statement`
    UPDATE "RailCallback" SET "appliedAt" = ${now}, "tries" = "tries" + 1, "lastError" = NULL
    WHERE "provider" = ${provider} AND "eventId" = ${eventId}`);
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
