// Webhooks end to end: subscriptions, signed delivery to a real endpoint, order per trade,
// retries, 410, the delivery log, isolation between tenants' endpoints, and several workers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { GET as listEvents } from "../../app/api/v1/webhooks/events/route.ts";
import { POST as redeliver } from "../../app/api/v1/webhooks/events/[eventId]/redeliver/route.ts";
import { GET as listSubs, POST as createSub } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import {
  DELETE as deleteSub,
  GET as getSub,
  PATCH as patchSub,
} from "../../app/api/v1/webhooks/subscriptions/[subscriptionId]/route.ts";
import { POST as rotate } from "../../app/api/v1/webhooks/subscriptions/[subscriptionId]/rotate-secret/route.ts";
import { startWebhookWorker } from "../../lib/webhooks/delivery-worker.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

const FAST_RETRIES = [0, 100, 200, 300, 400];
let worker: ReturnType<typeof startWebhookWorker>;
beforeAll(() => {
  worker = startWebhookWorker({ concurrency: 8, idleMs: 50, schedule: FAST_RETRIES });
});
afterAll(async () => {
  await worker.stop();
});

const subscribe = (token: string, body: unknown) =>
  callRoute(createSub, { method: "POST", path: "/api/v1/webhooks/subscriptions", token, body });
const tradeBody = {
  title: "Vase",
  description: "Blue vase",
  amount: 80,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://s.example/ok",
  cancelUrl: "https://s.example/no",
};

async function runTrade(api: ReturnType<typeof tenantClient>) {
  const { tradeId } = (await api.initiate(tradeBody)).json;
  await api.completePayment((await api.acceptAndPay("buyer", tradeId)).json.paymentId);
  await api.buyDelivery("seller", tradeId, { price: 0, shipmentProviderId: "gls", expectedMaxWeightInGrams: 100 });
  const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
  await api.track(labelId, "sent");
  await api.track(labelId, "delivered");
  await api.acceptCondition("buyer", tradeId);
  return tradeId as string;
}

describe("subscriptions", () => {
  it("create shows the secret once; list, get, update, rotate, delete", async () => {
    const tenant = await freshTenant();
    const created = await subscribe(tenant.testApiKey, {
      url: "http://localhost:9/hooks",
      events: ["trade.created", "user.connected"],
      description: "main",
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      url: "http://localhost:9/hooks",
      events: ["trade.created", "user.connected"],
      enabled: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    const id = created.json.id;
    const params = { subscriptionId: id };
    const fetched = await callRoute(getSub, { path: `/x/${id}`, params, token: tenant.testApiKey });
    expect(fetched.json.secret).toBeUndefined();
    expect((await callRoute(listSubs, { path: "/x", token: tenant.testApiKey })).json.subscriptions).toHaveLength(1);
    const patched = await callRoute(patchSub, {
      method: "PATCH",
      path: `/x/${id}`,
      params,
      token: tenant.testApiKey,
      body: { events: [], enabled: false },
    });
    expect(patched.json).toMatchObject({ events: [], enabled: false, disabledReason: "Disabled by the tenant" });
    const rotated = await callRoute(rotate, {
      method: "POST",
      path: `/x/${id}/rotate-secret`,
      params,
      token: tenant.testApiKey,
    });
    expect(rotated.json.secret).not.toBe(created.json.secret);
    expect(rotated.json.secretRotatedUntil).not.toBeNull();
    expect(
      (await callRoute(deleteSub, { method: "DELETE", path: `/x/${id}`, params, token: tenant.testApiKey })).status,
    ).toBe(204);
    expectErrorRecord(
      await callRoute(getSub, { path: `/x/${id}`, params, token: tenant.testApiKey }),
      404,
      "not-found",
    );
  });

  it("refuses unsafe addresses: plain http outside loopback, loopback and private addresses in live mode, unknown events", async () => {
    const tenant = await freshTenant();
    expectErrorRecord(await subscribe(tenant.testApiKey, { url: "http://example.com/hooks" }), 400, "validation-error");
    expectErrorRecord(await subscribe(tenant.testApiKey, { url: "ftp://example.com/hooks" }), 400, "validation-error");
    expectErrorRecord(await subscribe(tenant.liveApiKey, { url: "http://localhost:9/hooks" }), 400, "validation-error");
    // The IPv6 transition ranges reach an IPv4 address through a gateway (NAT64, 6to4, Teredo).
    const transition = [
      "[64:ff9b::7f00:1]",
      "[64:ff9b:1::a9fe:a9fe]",
      "[2002:a9fe:a9fe::1]",
      "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
      "[::7f00:1]",
      "[::ffff:0:7f00:1]",
    ];
    for (const host of [
      "127.0.0.1",
      "10.1.2.3",
      "169.254.169.254",
      "100.64.0.1",
      "192.168.1.1",
      "[::1]",
      ...transition,
      // Not globally reachable either (second probe): site-local IPv6 and the documentation ranges.
      "[fec0::1]",
      "192.0.2.1",
      "198.51.100.1",
      "203.0.113.1",
      "[2001:db8::1]",
      "[3fff::1]",
    ]) {
      const record = expectErrorRecord(
        await subscribe(tenant.liveApiKey, { url: `https://${host}/hooks` }),
        400,
        "validation-error",
      );
      expect(record.errors[0]?.key).toBe("url");
    }
    const events = expectErrorRecord(
      await subscribe(tenant.testApiKey, { url: "http://localhost:9/x", events: ["trade.nope"] }),
      400,
      "validation-error",
    );
    expect(events.errors[0]?.key).toBe("events[0]");
  });
});

describe("delivery", () => {
  it("delivers every event of a journey, signed so that standardwebhooks verifies it, in order per trade", async () => {
    const receiver = await startReceiver();
    const tenant = await freshTenant();
    const { secret } = (await subscribe(tenant.testApiKey, { url: receiver.url })).json;
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const tradeId = await runTrade(api);
    const expected = await db.outboxEvent.count({ where: { tenantId: tenant.tenantId } });
    await waitFor(() => receiver.received.length >= expected, 20_000, "all events");
    await receiver.close();

    const verifier = new Webhook(secret);
    const bodies = receiver.received.map((r) => verifier.verify(r.body, r.headers) as Record<string, unknown>);
    const trade = bodies.filter((b) => b.tradeId === tradeId);
    expect(trade.map((b) => b.eventName)).toEqual([
      "trade.created",
      "trade.shipment_label_created",
      "trade.shipment_sent",
      "trade.shipment_delivered",
      "trade.condition_accepted",
      "trade.succeeded",
    ]);
    const sequences = trade.map((b) => (b.metadata as { sequence: number }).sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(Object.keys(trade[0]!).sort()).toEqual([
      "eventDate",
      "eventName",
      "id",
      "metadata",
      "payeeMarketplaceUserId",
      "payerMarketplaceUserId",
      "referenceId",
      "tradeId",
    ]);
    expect(bodies.filter((b) => b.eventName === "user.connected").map((b) => Object.keys(b).sort())[0]).toEqual([
      "eventDate",
      "eventName",
      "id",
      "kycLevel",
      "marketplaceUserId",
      "referenceId",
      "serviceAccountId",
    ]);
    expect(receiver.received[0]!.headers["webhook-id"]).toBe(bodies[0]!.id);
    expect(() =>
      new Webhook(`whsec_${Buffer.from("wrong-secret-wrong-secret-123456").toString("base64")}`).verify(
        receiver.received[0]!.body,
        receiver.received[0]!.headers,
      ),
    ).toThrow();
  });

  it("keeps retrying a receiver that is down, then delivers everything in order once it is back", async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 204 : 503));
    const tenant = await freshTenant();
    await subscribe(tenant.testApiKey, {
      url: receiver.url,
      events: [
        "trade.created",
        "trade.shipment_label_created",
        "trade.shipment_sent",
        "trade.shipment_delivered",
        "trade.condition_accepted",
        "trade.succeeded",
      ],
    });
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const tradeId = await runTrade(api);
    await waitFor(
      async () =>
        (await db.webhookAttempt.count({ where: { delivery: { tenantId: tenant.tenantId }, responseStatus: 503 } })) >=
        2,
      10_000,
      "failed attempts",
    );
    up = true;
    await waitFor(() => receiver.received.length >= 6, 20_000, "delivery after recovery");
    await receiver.close();
    const names = receiver.received.map((r) => JSON.parse(r.body).eventName);
    expect(names).toEqual([
      "trade.created",
      "trade.shipment_label_created",
      "trade.shipment_sent",
      "trade.shipment_delivered",
      "trade.condition_accepted",
      "trade.succeeded",
    ]);
    expect(new Set(receiver.received.map((r) => JSON.parse(r.body).tradeId))).toEqual(new Set([tradeId]));

    // The log shows the failed attempts, and a redelivery sends an event again.
    const log = await callRoute(listEvents, {
      path: `/api/v1/webhooks/events?tradeId=${tradeId}&eventName=trade.created`,
      token: tenant.testApiKey,
    });
    const first = log.json.events[0];
    expect(first.deliveries[0].attempts[0]).toMatchObject({
      attemptNumber: 1,
      responseStatus: 503,
      requestHeaders: { "webhook-id": first.id },
    });
    expect(first.deliveries[0].status).toBe("Succeeded");
    const again = await startReceiver();
    await db.webhookSubscription.updateMany({ where: { tenantId: tenant.tenantId }, data: { url: again.url } });
    expect(
      (
        await callRoute(redeliver, {
          method: "POST",
          path: `/x/${first.id}/redeliver`,
          params: { eventId: first.id },
          token: tenant.testApiKey,
        })
      ).json,
    ).toEqual({ eventId: first.id, deliveries: 1 });
    await waitFor(() => again.received.length === 1, 10_000, "redelivery");
    await again.close();
  });

  it("turns a subscription off when the endpoint answers 410 Gone", async () => {
    const receiver = await startReceiver(() => 410);
    const tenant = await freshTenant();
    const { id } = (await subscribe(tenant.testApiKey, { url: receiver.url })).json;
    await tenantClient(tenant.testApiKey).connect("u1");
    await waitFor(
      async () => !(await db.webhookSubscription.findUniqueOrThrow({ where: { id } })).enabled,
      10_000,
      "disabled subscription",
    );
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id } })).disabledReason).toContain("410");
    await receiver.close();
  });

  it("does not let one tenant's slow endpoint hold up another tenant's events", async () => {
    const slow = await startReceiver(() => new Promise((resolve) => setTimeout(() => resolve(204), 3000)));
    const fast = await startReceiver();
    const a = await freshTenant();
    const b = await freshTenant();
    await subscribe(a.testApiKey, { url: slow.url });
    await subscribe(b.testApiKey, { url: fast.url });
    for (let i = 0; i < 3; i++) await tenantClient(a.testApiKey).connect(`slow-${i}`);
    const started = Date.now();
    await tenantClient(b.testApiKey).connect("quick");
    await waitFor(() => fast.received.length === 1, 10_000, "fast tenant's event");
    expect(Date.now() - started).toBeLessThan(2500);
    await waitFor(() => slow.received.length === 3, 15_000, "slow tenant's events");
    await slow.close();
    await fast.close();
  });

  it("two more workers alongside: 1,000 events, each delivered exactly once", async () => {
    const receiver = await startReceiver();
    const tenant = await freshTenant();
    const { id } = (await subscribe(tenant.testApiKey, { url: receiver.url })).json;
    const more = [
      startWebhookWorker({ concurrency: 16, idleMs: 20, schedule: FAST_RETRIES }),
      startWebhookWorker({ concurrency: 16, idleMs: 20, schedule: FAST_RETRIES }),
    ];
    const now = new Date();
    await db.outboxEvent.createMany({
      data: Array.from({ length: 1000 }, (_, i) => ({
        id: `bulk-${tenant.tenantId}-${i}`,
        tenantId: tenant.tenantId,
        mode: "test" as const,
        eventName: "user.connected",
        orderingKey: `user:bulk-${i % 50}`,
        sequence: i,
        payload: { id: `bulk-${tenant.tenantId}-${i}`, eventName: "user.connected", n: i },
        createdAt: now,
      })),
    });
    await waitFor(() => receiver.received.length >= 1000, 60_000, "1,000 deliveries");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(more.map((w) => w.stop()));
    await receiver.close();
    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    const attempts = await db.webhookAttempt.count({ where: { delivery: { subscriptionId: id } } });
    expect(attempts).toBe(1000);
  }, 90_000);
});
