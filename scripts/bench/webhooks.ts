// Webhook delivery in `npm run bench`: a backlog of trade events written straight into the outbox
// (undispatched, a few per trade so that per-trade ordering is exercised), a sandbox subscription
// to a local receiver that answers 204, and the service's own worker (lib/webhooks/delivery-worker.ts, the
// code the server runs) draining it. Reports events/s and the time to drain.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Db } from "../../lib/db/client.ts";
import { generateSigningSecret } from "../../lib/webhooks/signing.ts";

export interface WebhookResult {
  backlog: number;
  drainSeconds: number;
  eventsPerSecond: number;
  received: number;
  concurrency: number;
}

const EVENTS_PER_TRADE = 4;

export async function measureWebhooks(db: Db, tenantId: string, backlog: number): Promise<WebhookResult> {
  let received = 0;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    await db.webhookSubscription.create({
      data: { tenantId, mode: "test", url: `http://127.0.0.1:${port}/hooks`, secret: generateSigningSecret() },
    });
    await db.$executeRawUnsafe(
      `INSERT INTO "OutboxEvent" ("id", "tenantId", "mode", "eventName", "tradeId", "orderingKey", "sequence", "payload", "createdAt")
       SELECT 'evt_bench_' || i, $1, 'test', 'trade.sent', 'bench-trade-' || (i / $2), 'bench-trade-' || (i / $2), i % $2,
         jsonb_build_object('id', 'evt_bench_' || i, 'referenceId', 'bench-trade-' || (i / $2), 'eventName', 'trade.sent', 'eventDate', now(),
           'metadata', jsonb_build_object('state', 'Sent', 'previousState', 'LabelCreated', 'sequence', i % $2)),
         now() - interval '1 hour' + (i || ' milliseconds')::interval
       FROM generate_series(0, $3 - 1) AS i`,
      tenantId,
      EVENTS_PER_TRADE,
      backlog,
    );
    await db.$executeRawUnsafe(`ANALYZE "OutboxEvent"`);
    const { startWebhookWorker } = await import("../../lib/webhooks/delivery-worker.ts");
    const started = performance.now();
    const concurrency = Number(process.env.WEBHOOK_CONCURRENCY ?? 128);
    const worker = startWebhookWorker({ idleMs: 50, concurrency });
    const deadline = started + Math.max(120_000, backlog * 20);
    let delivered = 0;
    // The receiver's count is free to read; the database's (which counts each delivery once, and
    // only once recorded) is read when the receiver has seen enough.
    while (delivered < backlog && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, received < backlog ? 50 : 10));
      if (received < backlog) continue;
      const [row] = await db.$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE "tenantId" = ${tenantId} AND "status" = 'Succeeded'`;
      delivered = row!.n;
    }
    const drainSeconds = (performance.now() - started) / 1000;
    await worker.stop();
    // Over what was delivered: a backlog that did not drain in time is reported as such (received < backlog).
    return { backlog, drainSeconds, eventsPerSecond: delivered / drainSeconds, received, concurrency };
  } finally {
    receiver.close();
  }
}
