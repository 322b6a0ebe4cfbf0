// Claims deliveries that are due, for one worker: each claimed delivery gets its next attempt
// number and a lease (its next attempt moves a minute ahead), in one short statement, so no two
// workers ever make the same attempt and no transaction stays open during HTTP. A delivery waits
// while an earlier delivery of the same trade (ordering key) to the same subscription is pending:
// events of a trade arrive in order.
import { db } from "../db/client.ts";

export interface ClaimedDelivery {
  id: string;
  attemptNumber: number;
}

export const LEASE_SECONDS = 60;

export async function claimDueDeliveries(limit: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  const rows = await db.$queryRaw<{ id: string; attemptCount: number }[]>`
    WITH due AS (
      SELECT d."id" FROM "WebhookDelivery" d
      JOIN "OutboxEvent" ev ON ev."id" = d."eventId"
      WHERE d."status" = 'Pending' AND d."nextAttemptAt" <= now()
        AND NOT EXISTS (
          SELECT 1 FROM "WebhookDelivery" p JOIN "OutboxEvent" pe ON pe."id" = p."eventId"
          WHERE p."subscriptionId" = d."subscriptionId" AND p."orderingKey" = d."orderingKey" AND p."status" = 'Pending'
            AND (pe."createdAt", pe."sequence", pe."id") < (ev."createdAt", ev."sequence", ev."id"))
      ORDER BY d."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF d SKIP LOCKED)
    UPDATE "WebhookDelivery" w
    SET "attemptCount" = w."attemptCount" + 1, "nextAttemptAt" = now() + make_interval(secs => ${LEASE_SECONDS})
    FROM due WHERE w."id" = due."id"
    RETURNING w."id", w."attemptCount"`;
  return rows.map((r) => ({ id: r.id, attemptNumber: Number(r.attemptCount) }));
}
