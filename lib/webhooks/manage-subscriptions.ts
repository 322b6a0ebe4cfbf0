// The subscription use cases: create (the secret is shown once, and stored sealed), list, get,
// update, delete and rotate the secret (the previous one keeps signing for 24 hours).
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { CreateSubscriptionBody, UpdateSubscriptionBody } from "./schemas.ts";
import { serializeSubscription } from "./serialize-subscription.ts";
import { generateSigningSecret, sealSigningSecret } from "./signing.ts";
import { checkWebhookUrlShape, resolveWebhookTarget } from "./url-safety.ts";

const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;
const MAX_SUBSCRIPTIONS = 20;

async function checkUrl(context: TenantContext, value: string): Promise<string> {
  const url = checkWebhookUrlShape(context.mode, value);
  await resolveWebhookTarget(context.mode, url);
  return url.toString();
}

async function find(context: TenantContext, id: string) {
  const row = await db.webhookSubscription.findFirst({
    where: { id, tenantId: context.tenant.id, mode: context.mode },
  });
  if (!row) throw AppError.notFound(`Webhook subscription ${JSON.stringify(id)}`);
  return row;
}

export async function createSubscription(context: TenantContext, body: z.output<typeof CreateSubscriptionBody>) {
  const url = await checkUrl(context, body.url);
  const count = await db.webhookSubscription.count({ where: { tenantId: context.tenant.id, mode: context.mode } });
  if (count >= MAX_SUBSCRIPTIONS)
    throw new AppError("conflict", `At most ${MAX_SUBSCRIPTIONS} subscriptions per mode; delete one first.`);
  const secret = generateSigningSecret();
  const id = randomUUID(); // made here: the sealed secret is bound to its subscription's id
  const row = await db.webhookSubscription.create({
    data: {
      id,
      tenantId: context.tenant.id,
      mode: context.mode,
      url,
      events: [...new Set(body.events ?? [])],
      description: body.description ?? null,
      secret: sealSigningSecret(id, secret),
    },
  });
  return { ...serializeSubscription(row), secret };
}

export async function listSubscriptions(context: TenantContext) {
  const rows = await db.webhookSubscription.findMany({
    where: { tenantId: context.tenant.id, mode: context.mode },
    orderBy: { createdAt: "asc" },
  });
  return { subscriptions: rows.map((row) => serializeSubscription(row)) };
}

export async function getSubscription(context: TenantContext, id: string) {
  return serializeSubscription(await find(context, id));
}

export async function updateSubscription(
  context: TenantContext,
  id: string,
  body: z.output<typeof UpdateSubscriptionBody>,
) {
  await find(context, id);
  const url = body.url === undefined ? undefined : await checkUrl(context, body.url);
  const row = await db.webhookSubscription.update({
    where: { id },
    data: {
      ...(url === undefined ? {} : { url }),
      ...(body.events === undefined ? {} : { events: [...new Set(body.events)] }),
      ...(body.description === undefined ? {} : { description: body.description }),
      // Turning it back on clears the reason it was turned off.
      ...(body.enabled === undefined
        ? {}
        : { enabled: body.enabled, disabledReason: body.enabled ? null : "Disabled by the tenant" }),
    },
  });
  return serializeSubscription(row);
}

export async function deleteSubscription(context: TenantContext, id: string): Promise<undefined> {
  await find(context, id);
  // Its deliveries and their attempts go with it (cascade); the events stay in the log.
  await db.webhookSubscription.deleteMany({ where: { id, tenantId: context.tenant.id, mode: context.mode } });
  return undefined;
}

export async function rotateSubscriptionSecret(context: TenantContext, id: string) {
  const current = await find(context, id);
  const secret = generateSigningSecret();
  const now = new Date();
  const row = await db.webhookSubscription.update({
    where: { id: current.id },
    // The previous secret stays as it is stored (sealed); only the new one is sealed here.
    data: {
      secret: sealSigningSecret(current.id, secret),
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(now.getTime() + ROTATION_GRACE_MS),
    },
  });
  return { ...serializeSubscription(row, now), secret };
}
