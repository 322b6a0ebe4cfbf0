// Fresh objects for the fuzzer's valid cases of operations that use their object up: a trade can
// be cancelled once, a payment completed once, a subscription deleted once. Without this, the
// world's few objects are spent by the first cases and every later valid case can only answer
// 404 or 409, so the 2xx path of those operations would hardly be checked against the document.
// Each fresh object is made as cheaply as it can be while staying consistent: a trade row inserted
// directly; a payment, label or paid state through the real API and engine (the ledger must add up).
import { randomUUID } from "node:crypto";
import { applyTransition } from "./apply-transition.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";
import { generateSigningSecret, sealSigningSecret } from "../../lib/webhooks/signing.ts";
import { EXAMPLE_BUSINESS, type buildWorld } from "./api-world.ts";
import { callRoute } from "./call-route.ts";
import { tenantClient } from "./tenant-client.ts";
import { insertTrade, TEST_LABEL_SHARES } from "./trades.ts";
import { db } from "./tenants.ts";

type World = Awaited<ReturnType<typeof buildWorld>>;
export interface Freshened {
  params: Record<string, string>;
  body?: unknown;
}
type Fresh = (world: World, params: Record<string, string>, body: unknown) => Promise<Freshened>;

/** A loopback address: valid for sandbox subscriptions, resolves without a network, never called here. */
export const LOOPBACK_RECEIVER = "http://127.0.0.1:9/hooks";

const PAYER = "buyer";
const PAYEE = "seller";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API bodies, as they come
type Body = Record<string, any>;

async function ok(call: Promise<{ status: number; json: unknown }>, what: string): Promise<Body> {
  const result = await call;
  if (result.status >= 300)
    throw new Error(`fresh object: ${what} answered ${result.status} ${JSON.stringify(result.json)}`);
  return result.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies
}

const createdTrade = async (world: World) =>
  (await insertTrade(world.tenant.tenantId, { payer: PAYER, payee: PAYEE, amountMinor: 50000n })).id;

async function pendingPayment(world: World) {
  const tradeId = await createdTrade(world);
  const { paymentId } = await ok(tenantClient(world.tenant.testApiKey).acceptAndPay(PAYER, tradeId), "accept and pay");
  return { tradeId, paymentId: paymentId as string };
}

async function paidTrade(world: World) {
  const { tradeId, paymentId } = await pendingPayment(world);
  await ok(tenantClient(world.tenant.testApiKey).completePayment(paymentId), "complete payment");
  return tradeId;
}

/** The carrier's and the rail's steps, through the engine (what their callbacks would do). */
async function drive(tradeId: string, steps: [Action, Actor][]) {
  for (const [action, actor] of steps) {
    {
      const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
      await applyTransition(trade, trade.tenant, action, actor, new Date(), {}, undefined, TEST_LABEL_SHARES[action]);
    }
  }
}

const TO_DELIVERED: [Action, Actor][] = [
  ["deliveryLabelCreated", "paymentRail"],
  ["shipmentSent", "carrier"],
  ["shipmentDelivered", "carrier"],
];
const withBody = (body: unknown, patch: Record<string, unknown>) =>
  body && typeof body === "object" && !Array.isArray(body) ? { ...body, ...patch } : body;
const hasKey = (body: unknown, key: string) => !!body && typeof body === "object" && key in body;

const asPayer =
  (state: "Created" | "Delivered"): Fresh =>
  async (world, _params, body) => {
    const tradeId = state === "Created" ? await createdTrade(world) : await paidTrade(world);
    if (state === "Delivered") await drive(tradeId, TO_DELIVERED);
    return { params: { marketplaceUserId: PAYER, tradeId }, body };
  };

/** operationId → how a valid case gets its own object. */
export const FRESH: Record<string, Fresh> = {
  cancelOngoingTrade: async (world, _params, body) => ({
    params: { tradeId: await createdTrade(world) },
    body: hasKey(body, "state") ? withBody(body, { state: "Created" }) : body,
  }),
  acceptTradeInvitation: asPayer("Created"),
  rejectTradeInvitation: asPayer("Created"),
  abandonTrade: asPayer("Created"),
  acceptTradeInvitationAndPay: asPayer("Created"),
  acceptItemCondition: asPayer("Delivered"),
  rejectItemCondition: asPayer("Delivered"),
  initiatePaymentFlow: async (world, _params, body) => ({
    params: { marketplaceUserId: PAYER, paymentId: (await pendingPayment(world)).paymentId },
    body,
  }),
  sandboxCompletePayment: async (world, _params, body) => ({
    params: { paymentId: (await pendingPayment(world)).paymentId },
    body,
  }),
  buyShipmentForDelivery: async (world, _params, body) => ({
    params: { marketplaceUserId: PAYEE, tradeId: await paidTrade(world) },
    body,
  }),
  buyShipmentForReturn: async (world, _params, body) => {
    const tradeId = await paidTrade(world);
    await drive(tradeId, [...TO_DELIVERED, ["rejectCondition", "payer"], ["acceptRejection", "payee"]]);
    return { params: { marketplaceUserId: PAYER, tradeId }, body };
  },
  sandboxShipmentEvent: async (world, _params, body) => {
    const api = tenantClient(world.tenant.testApiKey);
    const tradeId = await paidTrade(world);
    const { paymentId } = await ok(
      api.buyDelivery(PAYEE, tradeId, { price: 10, shipmentProviderId: "gls", expectedMaxWeightInGrams: 100 }),
      "buy label",
    );
    await ok(api.completePayment(paymentId), "pay label");
    const label = await db.shipmentLabel.findFirstOrThrow({ where: { tradeId } });
    return { params: { labelId: label.id }, body };
  },
  deleteBusinessUser: async (world) => {
    const businessLocationId = `fresh-${randomUUID().slice(0, 8)}`;
    const { POST } = await import("../../app/api/v1/marketplace/business-users/route.ts");
    const body = {
      businessId: EXAMPLE_BUSINESS.businessId,
      businessLocationId,
      name: "Fresh shop",
      phoneNumber: "+4512345678",
      address: {},
      payoutsAccountNumber: "DK5000400440116243",
    };
    await ok(
      callRoute(POST, {
        method: "POST",
        path: "/api/v1/marketplace/business-users",
        token: world.tenant.testApiKey,
        body,
      }),
      "business user",
    );
    return { params: { businessId: EXAMPLE_BUSINESS.businessId, businessLocationId } };
  },
  // Room for one more (at most 20 per mode): the subscriptions earlier cases made are removed.
  createWebhookSubscription: async (world, params, body) => {
    await db.webhookSubscription.deleteMany({
      where: { tenantId: world.tenant.tenantId, id: { notIn: world.ids.subscriptionId! } },
    });
    return { params, body: withBody(body, { url: LOOPBACK_RECEIVER }) };
  },
  updateWebhookSubscription: async (_world, params, body) => ({
    params,
    body: hasKey(body, "url") ? withBody(body, { url: LOOPBACK_RECEIVER }) : body,
  }),
  deleteWebhookSubscription: async (world) => {
    const id = randomUUID();
    const row = await db.webhookSubscription.create({
      data: {
        id,
        tenantId: world.tenant.tenantId,
        mode: "test",
        url: LOOPBACK_RECEIVER,
        secret: sealSigningSecret(id, generateSigningSecret()),
      },
    });
    return { params: { subscriptionId: row.id } };
  },
};
