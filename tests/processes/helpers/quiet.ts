// How the tests run the servers, and how they know the background work is done.
import { db } from "../../../lib/db/client.ts";
import { waitFor } from "../../helpers/webhook-receiver.ts";

/**
 * The in-server worker and scheduler stay on (that is what is under test), tuned to a test's
 * pace: a scheduler round every 300 ms, and a delivery lease of 4 s instead of 60 (a worker
 * killed mid-send is retried after its lease; attempts time out after 2 s, well inside it). Each
 * process's metrics listener takes a free port, as several run on one machine.
 */
export const SERVER_ENV = {
  SCHEDULER_INTERVAL_MS: "300",
  WEBHOOK_LEASE_SECONDS: "4",
  WEBHOOK_TIMEOUT_MS: "2000",
  METRICS_PORT: "0",
};

/** Waits until every event of the tenants is fanned out and delivered and no deadline is due. */
export async function waitForQuiet(tenantIds: string[], timeoutMs: number) {
  await waitFor(
    async () => {
      const [events, deliveries, due] = await Promise.all([
        db.outboxEvent.count({ where: { tenantId: { in: tenantIds }, dispatchedAt: null } }),
        db.webhookDelivery.count({ where: { tenantId: { in: tenantIds }, status: "Pending" } }),
        db.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM "Trade" t JOIN "Tenant" n ON n."id" = t."tenantId"
          WHERE t."tenantId" = ANY(${tenantIds}) AND t."deadlineAt" IS NOT NULL
            AND t."deadlineAt" <= CASE WHEN t."mode" = 'test' THEN now() + n."sandboxClockOffsetSeconds" * interval '1 second' ELSE now() END`,
      ]);
      return events === 0 && deliveries === 0 && Number(due[0]!.n) === 0;
    },
    timeoutMs,
    "the outbox, the deliveries and the due deadlines to drain",
  );
}
