// Webhook signing secrets at rest (docs/security.md, "Webhook secrets"): the database holds them
// sealed under the data key, never as the tenant received them; deliveries still verify with the
// secret the API showed; a rotation keeps the previous secret sealed; and the start re-seals
// plain-text secrets from before and those sealed with a key that is no longer the first.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { POST as createSub } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { POST as rotate } from "../../app/api/v1/webhooks/subscriptions/[subscriptionId]/rotate-secret/route.ts";
import { openSecret, sealedWith, sealSecret } from "../../lib/crypto/secret-box.ts";
import { dataKeys } from "../../lib/crypto/data-keys.ts";
import { resealWebhookSecrets } from "../../lib/webhooks/reseal-secrets.ts";
import { generateSigningSecret, SIGNING_SECRET_PURPOSE } from "../../lib/webhooks/signing.ts";
import { startWebhookWorker } from "../../lib/webhooks/worker.ts";
import { callRoute } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

let worker: ReturnType<typeof startWebhookWorker>;
beforeAll(() => {
  worker = startWebhookWorker({ idleMs: 50 });
});
afterAll(() => worker.stop());

describe("webhook signing secrets at rest", () => {
  it("are stored sealed, and what they sign verifies with the secret the API showed, also after a rotation", async () => {
    const receiver = await startReceiver();
    const tenant = await freshTenant();
    const created = await callRoute(createSub, { method: "POST", path: "/api/v1/webhooks/subscriptions", token: tenant.testApiKey, body: { url: receiver.url, events: ["user.connected"] } });
    const { id: subscriptionId, secret: first } = created.json as { id: string; secret: string };
    const stored = await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    expect(sealedWith(stored.secret)).toBe(dataKeys().current);
    expect(stored.secret).not.toContain(first.slice("whsec_".length, 30));

    // Rotate: the new secret is sealed, the previous one stays as it was stored; both sign.
    const rotated = await callRoute(rotate, { method: "POST", path: `/x/${subscriptionId}/rotate-secret`, params: { subscriptionId }, token: tenant.testApiKey });
    const second = (rotated.json as { secret: string }).secret;
    const after = await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    expect(after.previousSecret).toBe(stored.secret);
    expect(sealedWith(after.secret)).toBe(dataKeys().current);
    expect(JSON.stringify(after)).not.toContain(second.slice("whsec_".length, 30));

    await tenantClient(tenant.testApiKey).connect("secret-keeper");
    await waitFor(() => receiver.received.length >= 1, 20_000, "the user.connected event");
    await receiver.close();
    const [delivery] = receiver.received;
    expect(new Webhook(first).verify(delivery!.body, delivery!.headers)).toMatchObject({ eventName: "user.connected" });
    expect(new Webhook(second).verify(delivery!.body, delivery!.headers)).toMatchObject({ eventName: "user.connected" });
  });

  it("the start seals plain-text secrets and re-seals those of an older key, once", async () => {
    const tenant = await freshTenant();
    const current = process.env.DATA_ENCRYPTION_KEYS!;
    const plain = generateSigningSecret();
    const older = generateSigningSecret();
    const previous = generateSigningSecret();
    // A secret sealed while another key came first (before a rotation of the data key).
    process.env.DATA_ENCRYPTION_KEYS = `retired:${randomBytes(32).toString("base64url")},${current}`;
    const sealedWithRetired = sealSecret(older, SIGNING_SECRET_PURPOSE);
    const previousWithRetired = sealSecret(previous, SIGNING_SECRET_PURPOSE);
    const retiredKeys = process.env.DATA_ENCRYPTION_KEYS;
    try {
      // The retired key is still listed, after the current one.
      process.env.DATA_ENCRYPTION_KEYS = `${current},${retiredKeys.split(",")[0]}`;
      const base = { tenantId: tenant.tenantId, mode: "test" as const, url: "https://hooks.example/at-rest" };
      const plainRow = await db.webhookSubscription.create({ data: { ...base, secret: plain } });
      const olderRow = await db.webhookSubscription.create({ data: { ...base, secret: sealedWithRetired, previousSecret: previousWithRetired, previousSecretExpiresAt: new Date(Date.now() + 3_600_000) } });

      expect(await resealWebhookSecrets(db)).toBeGreaterThanOrEqual(2);
      const rows = await db.webhookSubscription.findMany({ where: { id: { in: [plainRow.id, olderRow.id] } }, orderBy: { createdAt: "asc" } });
      for (const row of rows) {
        expect(sealedWith(row.secret)).toBe(dataKeys().current);
        if (row.previousSecret) expect(sealedWith(row.previousSecret)).toBe(dataKeys().current);
      }
      const opened = (id: string) => rows.find((r) => r.id === id)!;
      expect(openSecret(opened(plainRow.id).secret, SIGNING_SECRET_PURPOSE)).toBe(plain);
      expect(openSecret(opened(olderRow.id).secret, SIGNING_SECRET_PURPOSE)).toBe(older);
      expect(openSecret(opened(olderRow.id).previousSecret!, SIGNING_SECRET_PURPOSE)).toBe(previous);
      // Nothing left to do the second time; the retired key can now be dropped.
      const again = await db.webhookSubscription.findMany({ where: { id: { in: [plainRow.id, olderRow.id] } } });
      await resealWebhookSecrets(db);
      expect(await db.webhookSubscription.findMany({ where: { id: { in: [plainRow.id, olderRow.id] } } })).toEqual(again);
    } finally {
      process.env.DATA_ENCRYPTION_KEYS = current;
    }
  });
});
