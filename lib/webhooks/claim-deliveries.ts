// Claims deliveries that are due, for one worker, with everything their attempt needs: each
// claimed delivery gets its next attempt number and a lease (its next attempt moves a minute
// ahead), and comes back with its event's payload and its subscription, all in one statement —
// no two workers ever make the same attempt, no transaction stays open during HTTP, and a worker
// needs no further reads per delivery. A delivery waits while an earlier delivery of the same
// trade (ordering key) to the same subscription is pending: events of a trade arrive in order.
// (A delivery carries its event's createdAt and sequence, so that check reads one index; among
// deliveries due at the same time the earliest event comes first, which is the head of its trade's
// queue, so the scan seldom passes over waiting ones.)
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";

export interface ClaimedDelivery {
  id: string;
  attemptNumber: number;
  eventId: string;
  payload: unknown;
  subscription: {
    id: string;
    mode: ApiMode;
    url: string;
    enabled: boolean;
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAt: Date | null;
  };
}

// Must outlast one attempt (WEBHOOK_TIMEOUT_MS, 15 s by default) and its recording; only a
// worker that died mid-attempt lets a lease run out, and its delivery is then claimed again.
export const LEASE_SECONDS = Number(process.env.WEBHOOK_LEASE_SECONDS ?? 60);

/** A returned row: the delivery's columns, then its subscription's under their own names. */
type ClaimRow = { id: string; attemptCount: number; eventId: string; payload: unknown; subscriptionId: string } & Omit<
  ClaimedDelivery["subscription"],
  "id"
>;

// The claim walks the due deliveries in order and probes each for a pending predecessor, stopping
// at `limit`: its cost follows the deliveries it passes, not the backlog. PostgreSQL picks that
// plan only when its statistics know how many deliveries are pending. In a burst they do not (a
// table of finished deliveries, or a new one, analysed before the burst), and then it hashes
// every pending delivery twice for each claim instead, a cost that grows with the backlog, exactly
// when the worker must be fast. So the claim's transaction turns off the plan shapes that read the
// whole backlog (bitmap and sequential scans, hash and merge joins, sorts), which leaves the
// ordered index scan and the per-row probe, whose cost does not (docs/performance.md).
export async function claimDueDeliveries(limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const [, rows] = await db.$transaction([
    db.$queryRaw`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
      set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
      set_config('enable_sort', 'off', true)`,
    db.$queryRaw<ClaimRow[]>`
    WITH due AS (
      SELECT d."id" FROM "WebhookDelivery" d
      WHERE d."status" = 'Pending' AND d."nextAttemptAt" <= now()
        AND NOT EXISTS (
          SELECT 1 FROM "WebhookDelivery" p
          WHERE p."subscriptionId" = d."subscriptionId" AND p."orderingKey" = d."orderingKey" AND p."status" = 'Pending'
            AND (p."createdAt", p."eventSequence", p."eventId") < (d."createdAt", d."eventSequence", d."eventId"))
      ORDER BY d."nextAttemptAt", d."createdAt", d."eventSequence"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED)
    UPDATE "WebhookDelivery" w
    SET "attemptCount" = w."attemptCount" + 1, "nextAttemptAt" = now() + make_interval(secs => ${LEASE_SECONDS})
    FROM due, "OutboxEvent" ev, "WebhookSubscription" s
    WHERE w."id" = due."id" AND ev."id" = w."eventId" AND ev."createdAt" = w."createdAt" AND s."id" = w."subscriptionId"
    RETURNING w."id", w."attemptCount", ev."id" AS "eventId", ev."payload", s."id" AS "subscriptionId", s."mode"::text AS "mode",
      s."url", s."enabled", s."secret", s."previousSecret", s."previousSecretExpiresAt"`,
  ]);
  return rows.map((r) => ({
    id: r.id,
    attemptNumber: Number(r.attemptCount),
    eventId: r.eventId,
    payload: r.payload,
    subscription: {
      id: r.subscriptionId,
      mode: r.mode,
      url: r.url,
      enabled: r.enabled,
      secret: r.secret,
      previousSecret: r.previousSecret,
      previousSecretExpiresAt: r.previousSecretExpiresAt,
    },
  }));
}
