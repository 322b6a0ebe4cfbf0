// A process killed with SIGKILL right after a transition commits: its event is in the outbox
// (same transaction), and a worker started afterwards delivers it.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { POST as createSub } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { startWebhookWorker } from "../../lib/webhooks/delivery-worker.ts";
import { callRoute } from "../helpers/call-route.ts";
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

describe("crash after commit", () => {
  it("delivers the committed transition's event after the process died", async () => {
    const receiver = await startReceiver();
    const tenant = await freshTenant();
    const { secret } = (
      await callRoute(createSub, { method: "POST", path: "/x", token: tenant.testApiKey, body: { url: receiver.url } })
    ).json;
    const trade = await insertTrade(tenant.tenantId);

    const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/commit-then-crash.ts", trade.id], {
      env: { ...process.env },
      stdio: "inherit",
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, s) => resolve(s)));
    expect(signal).toBe("SIGKILL");
    expect((await db.trade.findUniqueOrThrow({ where: { id: trade.id } })).state).toBe("AwaitingShipment");
    expect(await db.outboxEvent.count({ where: { tradeId: trade.id, eventName: "trade.created" } })).toBe(1);

    const worker = startWebhookWorker({ concurrency: 2, idleMs: 50 });
    try {
      await waitFor(
        () => receiver.received.some((r) => JSON.parse(r.body).tradeId === trade.id),
        20_000,
        "the event of the dead process",
      );
    } finally {
      await worker.stop();
      await receiver.close();
    }
    const delivered = receiver.received.find((r) => JSON.parse(r.body).tradeId === trade.id)!;
    expect(new Webhook(secret).verify(delivered.body, delivered.headers)).toMatchObject({
      eventName: "trade.created",
      tradeId: trade.id,
      metadata: { state: "AwaitingShipment", previousState: "Created" },
    });
  }, 60_000);
});
