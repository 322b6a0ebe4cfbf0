// The console's webhooks section: admins manage endpoints with the API's own rules, viewers are
// refused every change (nothing changes), another tenant's endpoints and deliveries are not
// found; a test event is a real signed delivery through the worker, visible in the delivery log,
// which filters by status, event, trade and endpoint; redelivering a test event goes only to its
// endpoint.
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleForbidden, type StaffContext } from "../../lib/console/auth/staff-session.ts";
import { staffRedeliverEvent } from "../../lib/console/trades/staff-trade-actions.ts";
import { parseDeliveryFilters } from "../../lib/console/webhooks/delivery-filters.ts";
import { listDeliveries } from "../../lib/console/webhooks/list-deliveries.ts";
import { listConsoleSubscriptions, loadConsoleSubscription } from "../../lib/console/webhooks/list-subscriptions.ts";
import { loadConsoleDelivery } from "../../lib/console/webhooks/load-delivery.ts";
import {
  ConsoleCreateSubscription,
  staffCreateSubscription,
  staffDeleteSubscription,
  staffRotateSecret,
  staffSendTestEvent,
  staffUpdateSubscription,
} from "../../lib/console/webhooks/manage-webhooks.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { openSigningSecret } from "../../lib/webhooks/signing.ts";
import { startWebhookWorker } from "../../lib/webhooks/delivery-worker.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

let worker: ReturnType<typeof startWebhookWorker>;
beforeAll(() => {
  worker = startWebhookWorker({ concurrency: 4, idleMs: 50, schedule: [0, 100, 200] });
});
afterAll(async () => {
  await worker.stop();
});

async function staffOf(tenantId: string, role: "admin" | "viewer"): Promise<StaffContext> {
  const added = await addStaff(db, { tenantId, email: `${role}-${randomUUID()}@example.com`, role });
  const staff = await db.staffUser.findUniqueOrThrow({ where: { id: added.staffId }, include: { tenant: true } });
  const { tenant, ...rest } = staff;
  return { staff: rest, tenant, isAdmin: role === "admin" };
}

const create = (admin: StaffContext, body: unknown) =>
  staffCreateSubscription(admin, ConsoleCreateSubscription.parse(body));
const log = (tenantId: string, query: string) =>
  listDeliveries(tenantId, parseDeliveryFilters(new URLSearchParams(query)));

describe("webhook endpoints in the console", () => {
  it("an admin creates (secret once), edits, disables and enables, rotates and deletes an endpoint", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    const created = await create(admin, {
      mode: "test",
      url: "http://localhost:9/hooks",
      events: ["trade.created"],
      description: "Orders",
    });
    expect(created).toMatchObject({
      url: "http://localhost:9/hooks",
      events: ["trade.created"],
      description: "Orders",
      enabled: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    const [listed] = await listConsoleSubscriptions(tenant.tenantId, "test");
    expect(listed).toMatchObject({ id: created.id, mode: "test", health: { succeeded: 0, failed: 0, pending: 0 } });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await listConsoleSubscriptions(tenant.tenantId, "live")).toEqual([]);

    expect(
      await staffUpdateSubscription(admin, created.id, { url: "http://127.0.0.1:9/v2", events: [], description: null }),
    ).toMatchObject({ url: "http://127.0.0.1:9/v2", events: [], description: null });
    expect(await staffUpdateSubscription(admin, created.id, { enabled: false })).toMatchObject({
      enabled: false,
      disabledReason: "Disabled by the tenant",
    });
    await expect(staffSendTestEvent(admin, created.id)).rejects.toMatchObject({ code: "invalid-state" });
    expect(await staffUpdateSubscription(admin, created.id, { enabled: true })).toMatchObject({
      enabled: true,
      disabledReason: null,
    });

    const rotated = await staffRotateSecret(admin, created.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const row = await db.webhookSubscription.findUniqueOrThrow({ where: { id: created.id } });
    // Stored sealed (lib/crypto/secret-box.ts): the previous secret opens to the one shown at creation.
    expect(row.previousSecret).not.toContain(created.secret.slice("whsec_".length));
    expect(openSigningSecret(row.id, row.previousSecret!)).toBe(created.secret);
    expect(openSigningSecret(row.id, row.secret)).toBe(rotated.secret);
    expect((await loadConsoleSubscription(tenant.tenantId, created.id))?.previousSecretExpiresAt).toBe(
      row.previousSecretExpiresAt!.toISOString(),
    );

    expect(await staffDeleteSubscription(admin, created.id)).toEqual({ deleted: true });
    expect(await db.webhookSubscription.count({ where: { id: created.id } })).toBe(0);
  });

  it("applies the API's rules: unsafe or malformed addresses and unknown events are refused and nothing is made", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    await expect(create(admin, { mode: "test", url: "http://example.com/hooks" })).rejects.toMatchObject({
      code: "validation-error",
      message: expect.stringContaining("url:"),
    });
    await expect(create(admin, { mode: "test", url: "not a url" })).rejects.toMatchObject({ code: "validation-error" });
    await expect(create(admin, { mode: "live", url: "http://localhost:9/hooks" })).rejects.toMatchObject({
      code: "validation-error",
    });
    await expect(create(admin, { mode: "live", url: "https://169.254.169.254/hooks" })).rejects.toMatchObject({
      code: "validation-error",
      message: expect.stringContaining("not a public address"),
    });
    expect(
      ConsoleCreateSubscription.safeParse({ mode: "test", url: "http://localhost:9/x", events: ["trade.nope"] })
        .success,
    ).toBe(false);
    expect(ConsoleCreateSubscription.safeParse({ mode: "sideways", url: "http://localhost:9/x" }).success).toBe(false);
    const made = await create(admin, { mode: "test", url: "http://localhost:9/ok" });
    await expect(staffUpdateSubscription(admin, made.id, { url: "ftp://localhost/x" })).rejects.toMatchObject({
      code: "validation-error",
    });
    expect((await db.webhookSubscription.findMany({ where: { tenantId: tenant.tenantId } })).map((s) => s.url)).toEqual(
      ["http://localhost:9/ok"],
    );
  });

  it("refuses a viewer every change, and nothing changes", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const made = await create(admin, { mode: "test", url: "http://localhost:9/hooks" });
    const before = await db.webhookSubscription.findUniqueOrThrow({ where: { id: made.id } });
    await expect(create(viewer, { mode: "test", url: "http://localhost:9/other" })).rejects.toBeInstanceOf(
      ConsoleForbidden,
    );
    await expect(staffUpdateSubscription(viewer, made.id, { enabled: false })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(staffRotateSecret(viewer, made.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(staffSendTestEvent(viewer, made.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(staffDeleteSubscription(viewer, made.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    expect(await db.webhookSubscription.findMany({ where: { tenantId: tenant.tenantId } })).toEqual([before]);
    expect(await db.outboxEvent.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
  });

  it("answers another tenant's endpoint and delivery as not found", async () => {
    const owner = await freshTenant();
    const admin = await staffOf(owner.tenantId, "admin");
    const made = await create(admin, { mode: "test", url: "http://localhost:9/hooks" });
    await staffSendTestEvent(admin, made.id);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: made.id } });
    const stranger = await staffOf((await freshTenant()).tenantId, "admin");
    // One at a time: started together, a later refusal would reject before anything awaits it.
    const changes = [
      () => staffUpdateSubscription(stranger, made.id, { enabled: false }),
      () => staffRotateSecret(stranger, made.id),
      () => staffSendTestEvent(stranger, made.id),
      () => staffDeleteSubscription(stranger, made.id),
    ];
    for (const change of changes) {
      await expect(change()).rejects.toMatchObject({ code: "not-found" });
    }
    expect(await loadConsoleSubscription(stranger.tenant.id, made.id)).toBeNull();
    expect(await loadConsoleDelivery(stranger.tenant.id, delivery.id)).toBeNull();
    expect((await log(stranger.tenant.id, `subscription=${made.id}`)).deliveries).toEqual([]);
    expect((await db.webhookSubscription.findUniqueOrThrow({ where: { id: made.id } })).enabled).toBe(true);
  });
});

describe("test events and the delivery log", () => {
  it("a test event is signed, delivered by the worker to that endpoint only, logged with its attempt, and redelivered to it alone", async () => {
    const receiver = await startReceiver();
    const other = await startReceiver();
    try {
      const tenant = await freshTenant();
      const admin = await staffOf(tenant.tenantId, "admin");
      const made = await create(admin, { mode: "test", url: receiver.url, events: ["user.connected"] });
      await create(admin, { mode: "test", url: other.url }); // all events: still never gets another's test event
      const { eventId } = await staffSendTestEvent(admin, made.id);
      await waitFor(() => receiver.received.length === 1, 20_000, "the test event");
      const received = receiver.received[0]!;
      expect(JSON.parse(received.body)).toMatchObject({
        id: eventId,
        eventName: "webhook.test",
        metadata: { subscriptionId: made.id },
      });
      expect(() => new Webhook(made.secret).verify(received.body, received.headers)).not.toThrow();

      // The worker records the attempt after the receiver has answered: wait for the record.
      await waitFor(
        async () => (await log(tenant.tenantId, "")).deliveries[0]?.status === "Succeeded",
        5_000,
        "the delivery to be recorded",
      );
      const page = await log(tenant.tenantId, "");
      expect(page.deliveries).toHaveLength(1);
      expect(page.deliveries[0]).toMatchObject({
        eventId,
        eventName: "webhook.test",
        subscriptionId: made.id,
        url: receiver.url,
        attemptCount: 1,
        lastAttempt: { responseStatus: 204 },
      });
      const detail = (await loadConsoleDelivery(tenant.tenantId, page.deliveries[0]!.id))!;
      expect(detail.attempts).toHaveLength(1);
      expect(detail.attempts[0]).toMatchObject({
        attemptNumber: 1,
        requestUrl: receiver.url,
        responseStatus: 204,
        requestHeaders: { "webhook-id": eventId },
      });
      expect(JSON.parse(detail.attempts[0]!.requestBody)).toMatchObject({ eventName: "webhook.test" });
      expect(
        (await listConsoleSubscriptions(tenant.tenantId, "test")).find((s) => s.id === made.id)?.health,
      ).toMatchObject({ succeeded: 1, failed: 0, pending: 0, lastStatus: 204 });

      expect(await staffRedeliverEvent(admin, eventId)).toEqual({ eventId, deliveries: 1 });
      await waitFor(() => receiver.received.length === 2, 20_000, "the redelivery");
      await waitFor(
        async () => (await loadConsoleDelivery(tenant.tenantId, detail.id))?.attempts.length === 2,
        5_000,
        "the second attempt",
      );
      expect(other.received).toHaveLength(0);
    } finally {
      await receiver.close();
      await other.close();
    }
  });

  it("filters the log by status, event, trade and endpoint, newest first, paged; a failing endpoint shows its failures", async () => {
    const good = await startReceiver();
    const bad = await startReceiver(() => 500);
    try {
      const tenant = await freshTenant();
      const admin = await staffOf(tenant.tenantId, "admin");
      const goodSub = await create(admin, { mode: "test", url: good.url });
      const badSub = await create(admin, { mode: "test", url: bad.url, events: ["trade.created"] });
      const api = tenantClient(tenant.testApiKey);
      await api.connect("seller");
      await api.connect("buyer");
      const { tradeId } = (
        await api.initiate({
          title: "Lamp",
          description: "Brass",
          amount: 400,
          payerFee: 0,
          payeeFee: 0,
          payerMarketplaceUserId: "buyer",
          payeeMarketplaceUserId: "seller",
          successUrl: "https://shop.example/ok",
          cancelUrl: "https://shop.example/no",
        })
      ).json;
      await api.completePayment((await api.acceptAndPay("buyer", tradeId)).json.paymentId);
      // Two user.connected and one trade.created to the good endpoint; trade.created fails at the bad one for good (3 attempts).
      await waitFor(
        async () =>
          (await db.webhookDelivery.count({
            where: { tenantId: tenant.tenantId, status: { in: ["Succeeded", "Failed"] } },
          })) === 4,
        20_000,
        "all deliveries to finish",
      );

      const all = await log(tenant.tenantId, "");
      expect(all.pagination.totalCount).toBe(4);
      const times = all.deliveries.map((d) => d.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      expect((await log(tenant.tenantId, "status=failed")).deliveries).toMatchObject([
        {
          subscriptionId: badSub.id,
          eventName: "trade.created",
          attemptCount: 3,
          lastAttempt: { responseStatus: 500 },
        },
      ]);
      expect((await log(tenant.tenantId, "status=succeeded")).pagination.totalCount).toBe(3);
      expect((await log(tenant.tenantId, "status=pending")).pagination.totalCount).toBe(0);
      expect(
        (await log(tenant.tenantId, "event=user.connected")).deliveries.map((d) => d.marketplaceUserId).sort(),
      ).toEqual(["buyer", "seller"]);
      expect((await log(tenant.tenantId, `trade=${tradeId}`)).deliveries.map((d) => d.url).sort()).toEqual(
        [bad.url, good.url].sort(),
      );
      expect((await log(tenant.tenantId, `subscription=${badSub.id}`)).pagination.totalCount).toBe(1);
      expect((await log(tenant.tenantId, `subscription=${goodSub.id}&event=trade.created`)).deliveries).toMatchObject([
        { tradeId, status: "Succeeded" },
      ]);
      expect((await log(tenant.tenantId, "mode=live")).pagination.totalCount).toBe(0);
      const paged = await log(tenant.tenantId, "pageSize=10&page=2");
      expect(paged.deliveries).toEqual([]);
      expect(parseDeliveryFilters(new URLSearchParams("status=bogus&event=nope&page=-3"))).toMatchObject({
        status: undefined,
        event: undefined,
        page: 1,
        mode: "test",
      });

      const badHealth = (await listConsoleSubscriptions(tenant.tenantId, "test")).find(
        (s) => s.id === badSub.id,
      )!.health;
      expect(badHealth).toMatchObject({ succeeded: 0, failed: 3, pending: 0, lastStatus: 500 });
      const failed = (await loadConsoleDelivery(
        tenant.tenantId,
        (await log(tenant.tenantId, "status=failed")).deliveries[0]!.id,
      ))!;
      expect(failed.attempts.map((a) => [a.attemptNumber, a.responseStatus, a.responseExcerpt])).toEqual([
        [3, 500, "not now"],
        [2, 500, "not now"],
        [1, 500, "not now"],
      ]);
    } finally {
      await good.close();
      await bad.close();
    }
  });
});
