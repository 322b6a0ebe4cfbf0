// Webhook signing secrets at rest (docs/security.md, "Webhook secrets"): the database holds them
// sealed under the data key, never as the tenant received them; deliveries still verify with the
// secret the API showed; a rotation keeps the previous secret sealed; and the start re-seals
// plain-text secrets from before and those sealed with a key that is no longer the first.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { POST as createSub } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { POST as rotate } from "../../app/api/v1/webhooks/subscriptions/[subscriptionId]/rotate-secret/route.ts";
import { sealedWith } from "../../lib/crypto/secret-box.ts";
import { dataKeys } from "../../lib/crypto/data-keys.ts";
import { resealWebhookSecrets } from "../../lib/webhooks/reseal-secrets.ts";
import { generateSigningSecret, openSigningSecret, sealSigningSecret } from "../../lib/webhooks/signing.ts";
import { startWebhookWorker } from "../../lib/webhooks/delivery-worker.ts";
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
    const created = await callRoute(createSub, {
      method: "POST",
      path: "/api/v1/webhooks/subscriptions",
      token: tenant.testApiKey,
      body: { url: receiver.url, events: ["user.connected"] },
    });
    const { id: subscriptionId, secret: first } = created.json as { id: string; secret: string };
    const stored = await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    expect(sealedWith(stored.secret)).toBe(dataKeys().current);
    expect(stored.secret).not.toContain(first.slice("whsec_".length, 30));

    // Rotate: the new secret is sealed, the previous one stays as it was stored; both sign.
    const rotated = await callRoute(rotate, {
      method: "POST",
      path: `/x/${subscriptionId}/rotate-secret`,
      params: { subscriptionId },
      token: tenant.testApiKey,
    });
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
    expect(new Webhook(second).verify(delivery!.body, delivery!.headers)).toMatchObject({
      eventName: "user.connected",
    });
  });

  it("the start seals plain-text secrets, re-seals those of an older key, drops expired previous secrets and reports what it cannot open", async () => {
    const tenant = await freshTenant();
    const current = process.env.DATA_ENCRYPTION_KEYS!;
    const retired = `retired-${randomUUID().slice(0, 8)}:${randomBytes(32).toString("base64url")}`;
    const lost = `lost-${randomUUID().slice(0, 8)}:${randomBytes(32).toString("base64url")}`;
    const [plainId, olderId, expiredId, lostId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()] as const;
    const [plain, older, previous, expiredPrevious, unreadable] = [
      generateSigningSecret(),
      generateSigningSecret(),
      generateSigningSecret(),
      generateSigningSecret(),
      generateSigningSecret(),
    ] as const;
    // Secrets sealed while another key came first: one still listed (retired), one not (lost).
    process.env.DATA_ENCRYPTION_KEYS = `${retired},${current}`;
    const olderSealed = sealSigningSecret(olderId, older);
    const previousSealed = sealSigningSecret(olderId, previous);
    const expiredSealed = sealSigningSecret(expiredId, expiredPrevious);
    process.env.DATA_ENCRYPTION_KEYS = `${lost},${current}`;
    const lostSealed = sealSigningSecret(lostId, unreadable);
    try {
      // Now the current key comes first and the retired one is still listed; the lost one is gone.
      process.env.DATA_ENCRYPTION_KEYS = `${current},${retired}`;
      const base = { tenantId: tenant.tenantId, mode: "test" as const, url: "https://hooks.example/at-rest" };
      const hour = 3_600_000;
      await db.webhookSubscription.createMany({
        data: [
          { ...base, id: plainId, secret: plain },
          {
            ...base,
            id: olderId,
            secret: olderSealed,
            previousSecret: previousSealed,
            previousSecretExpiresAt: new Date(Date.now() + hour),
          },
          {
            ...base,
            id: expiredId,
            secret: sealSigningSecret(expiredId, plain),
            previousSecret: expiredSealed,
            previousSecretExpiresAt: new Date(Date.now() - hour),
          },
          { ...base, id: lostId, secret: lostSealed },
        ],
      });

      const result = await resealWebhookSecrets(db);
      expect(result.resealed).toBeGreaterThanOrEqual(3);
      expect(result.unreadable).toContainEqual({
        subscriptionId: lostId,
        reason: expect.stringContaining("does not list"),
      });
      const row = async (id: string) => db.webhookSubscription.findUniqueOrThrow({ where: { id } });
      expect(sealedWith((await row(plainId)).secret)).toBe(dataKeys().current);
      expect(openSigningSecret(plainId, (await row(plainId)).secret)).toBe(plain);
      const olderRow = await row(olderId);
      expect([sealedWith(olderRow.secret), sealedWith(olderRow.previousSecret!)]).toEqual([
        dataKeys().current,
        dataKeys().current,
      ]);
      expect([
        openSigningSecret(olderId, olderRow.secret),
        openSigningSecret(olderId, olderRow.previousSecret!),
      ]).toEqual([older, previous]);
      // The expired previous secret is dropped, not re-sealed under the new key.
      expect(await row(expiredId)).toMatchObject({ previousSecret: null, previousSecretExpiresAt: null });
      // What cannot be opened is left as it was.
      expect((await row(lostId)).secret).toBe(lostSealed);

      // Nothing left to do the second time but the unreadable one; the retired key can now be dropped.
      const again = await resealWebhookSecrets(db);
      expect(again.unreadable.map((u) => u.subscriptionId)).toContain(lostId);
      process.env.DATA_ENCRYPTION_KEYS = current;
      expect(openSigningSecret(olderId, (await row(olderId)).secret)).toBe(older);
    } finally {
      process.env.DATA_ENCRYPTION_KEYS = current;
      // Leave no unreadable row behind for other test files' starts.
      await db.webhookSubscription.deleteMany({ where: { id: lostId } });
    }
  });
});
