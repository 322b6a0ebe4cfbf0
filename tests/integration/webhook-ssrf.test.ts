// SSRF at delivery time (docs/security.md, API7): a live endpoint's host is resolved again for every
// attempt, and a host that now resolves to a loopback, private or metadata address is not called —
// what DNS rebinding after a safe subscription would look like. The subscription row is written
// directly, as if its host had resolved to a public address when it was checked at subscribe time.
import { randomUUID } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { attemptDelivery } from "../../lib/webhooks/deliver.ts";
import { recordAttempts } from "../../lib/webhooks/record-attempts.ts";
import { DEFAULT_RETRY_SCHEDULE_MS } from "../../lib/webhooks/retry-schedule.ts";
import { generateSigningSecret } from "../../lib/webhooks/signing.ts";
import { POST as createSubscription } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

async function liveDeliveryTo(url: string, mode: "live" | "test" = "live") {
  const { tenantId } = await freshTenant();
  const subscription = await db.webhookSubscription.create({
    data: { tenantId, mode, url, secret: generateSigningSecret() },
  });
  const event = await db.outboxEvent.create({
    data: {
      id: randomUUID(),
      tenantId,
      mode,
      eventName: "trade.created",
      orderingKey: randomUUID(),
      payload: { hello: "world" },
      dispatchedAt: new Date(),
    },
  });
  // As claimDueDeliveries leaves it: attempt 1 claimed, with its event and subscription.
  const delivery = await db.webhookDelivery.create({
    data: {
      eventId: event.id,
      subscriptionId: subscription.id,
      tenantId,
      orderingKey: event.orderingKey,
      createdAt: event.createdAt,
      attemptCount: 1,
    },
  });
  return { id: delivery.id, attemptNumber: 1, eventId: event.id, payload: event.payload, subscription };
}

/** A loopback TCP server that counts connections, so that even one that would fail TLS shows. */
async function connectionCounter() {
  const counter = { connections: 0, port: 0, close: () => new Promise((resolve) => server.close(resolve)) };
  const server = net.createServer((socket) => {
    counter.connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  counter.port = (server.address() as AddressInfo).port;
  return counter;
}

describe("webhook delivery and SSRF", () => {
  it("does not call a live endpoint whose host now resolves to loopback, and records why", async () => {
    const server = await connectionCounter();
    const { port } = server;
    try {
      for (const host of ["localhost", "127.0.0.1", "[::ffff:127.0.0.1]"]) {
        const delivery = await liveDeliveryTo(`https://${host}:${port}/hooks`);
        await recordAttempts([await attemptDelivery(delivery, DEFAULT_RETRY_SCHEDULE_MS)]);
        const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
        expect(attempt, host).toMatchObject({
          responseStatus: null,
          error: expect.stringMatching(/not a public address/),
        });
        // Not given up: retried on the schedule, in case the host resolves publicly again.
        expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("Pending");
      }
      expect(server.connections).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("on a server that denies sandbox targets on its own host: no such subscription is made, and an old one is not called", async () => {
    const before = process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS;
    process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS = "deny";
    const server = await connectionCounter();
    const { port } = server;
    try {
      const tenant = await freshTenant();
      for (const url of [
        `http://127.0.0.1:${port}/hooks`,
        `https://127.0.0.1:${port}/hooks`,
        "https://10.0.0.7/hooks",
      ]) {
        const refused = await callRoute(createSubscription, {
          method: "POST",
          path: "/api/v1/webhooks/subscriptions",
          token: tenant.testApiKey,
          body: { url },
        });
        expectErrorRecord(refused, 400, "validation-error");
        expect(
          refused.json.errors.map((e: { key: string }) => e.key),
          url,
        ).toEqual(["url"]);
      }
      expect(await db.webhookSubscription.count({ where: { tenantId: tenant.tenantId } })).toBe(0);

      // Made while it was allowed (or written before the setting): not called at delivery either.
      const delivery = await liveDeliveryTo(`http://127.0.0.1:${port}/hooks`, "test");
      await recordAttempts([await attemptDelivery(delivery, DEFAULT_RETRY_SCHEDULE_MS)]);
      const attempt = await db.webhookAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
      expect(attempt).toMatchObject({
        responseStatus: null,
        error: expect.stringMatching(/does not deliver sandbox webhooks to its own host/),
      });
      expect(server.connections).toBe(0);
    } finally {
      if (before === undefined) delete process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS;
      else process.env.WEBHOOK_SANDBOX_PRIVATE_TARGETS = before;
      await server.close();
    }
  });
});
