// Every operation that takes an id, called with another tenant's token on this tenant's real
// objects, answers 404 (like an unknown id) and changes nothing. The list of operations comes from
// the API's own operation index, so a new operation is walked without editing this test.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../../lib/api/operations-index.ts";
import type { Operation } from "../../lib/api/operation.ts";
import { callRoute } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

// Valid bodies, so that each call gets past validation to the lookup that must fail.
const BODIES: Record<string, unknown> = {
  cancelOngoingTrade: { state: "LabelCreated" },
  rejectItemCondition: "broken",
  initiatePaymentFlow: { successUrl: "https://s.example/ok", cancelUrl: "https://s.example/no" },
  buyShipmentForDelivery: { price: 10, shipmentProviderId: "gls", expectedMaxWeightInGrams: 100 },
  buyShipmentForReturn: { price: 10, shipmentProviderId: "gls", expectedMaxWeightInGrams: 100 },
  editBusinessUser: { name: "Other", phoneNumber: null, address: {}, payoutsAccountNumber: "DK5000400440116243" },
  getTradeStatusLink: { returnUrl: "https://s.example/back" },
  initiateSelectPayoutAccount: { returnUrl: "https://s.example/back" },
  sandboxCompletePayment: { outcome: "succeeded" },
  sandboxShipmentEvent: { event: "sent" },
  sandboxConnectUser: { kycLevel: 1 },
  updateWebhookSubscription: { enabled: false },
};

// Operations that create in the caller's own scope and take no id of another tenant's object.
const CREATES_OWN = new Set(["initiateTrade", "initiateUserConnect", "createBusinessUser", "advanceSandboxClock", "sandboxConnectUser", "createWebhookSubscription"]);
// Operations that list the caller's own objects: they must answer an empty list, not 404.
const LISTS_OWN: Record<string, (json: Record<string, unknown>) => unknown[]> = {
  getTrades: (json) => json.trades as unknown[],
  listWebhookSubscriptions: (json) => json.subscriptions as unknown[],
  listWebhookEvents: (json) => json.events as unknown[],
};

async function handlerFor(operation: Operation) {
  const file = path.join(process.cwd(), "app/api", operation.path.replace(/\{([^}]+)\}/g, "[$1]"), "route.ts");
  const routeModule = (await import(file)) as Record<string, Parameters<typeof callRoute>[0]>;
  return routeModule[operation.method]!;
}

describe("tenant isolation", () => {
  it("answers 404 to every id-taking operation on another tenant's objects, changing nothing", async () => {
    const owner = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const intruder = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const api = tenantClient(owner.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const { tradeId } = (await api.initiate({ title: "T", description: "D", amount: 100, payerFee: 0, payeeFee: 0, payerMarketplaceUserId: "buyer", payeeMarketplaceUserId: "seller", successUrl: "https://s.example/ok", cancelUrl: "https://s.example/no" })).json;
    const escrow = (await api.acceptAndPay("buyer", tradeId)).json;
    await api.completePayment(escrow.paymentId);
    const labelPayment = (await api.buyDelivery("seller", tradeId, { price: 10, shipmentProviderId: "gls", expectedMaxWeightInGrams: 100 })).json;
    await api.completePayment(labelPayment.paymentId);
    const pendingReturnless = (await api.trade("seller", tradeId)).json;
    const labelId = pendingReturnless.phases.delivery.labelId as string;
    const { POST: createBusiness } = await import("../../app/api/v1/marketplace/business-users/route.ts");
    await callRoute(createBusiness, { method: "POST", path: "/x", token: owner.testApiKey, body: { businessId: "12345678", businessLocationId: "1", name: "Shop", phoneNumber: "+45", address: {}, payoutsAccountNumber: "DK5000400440116243" } });

    const { POST: createSubscription } = await import("../../app/api/v1/webhooks/subscriptions/route.ts");
    const subscription = (await callRoute(createSubscription, { method: "POST", path: "/x", token: owner.testApiKey, body: { url: "http://localhost:9/hooks" } })).json;
    const event = await db.outboxEvent.findFirstOrThrow({ where: { tenantId: owner.tenantId } });

    const ids: Record<string, string> = { marketplaceUserId: "seller", tradeId, paymentId: escrow.paymentId, labelId, businessId: "12345678", businessLocationId: "1", subscriptionId: subscription.id, eventId: event.id };
    const snapshot = async () => ({
      trade: await db.trade.findUniqueOrThrow({ where: { id: tradeId }, select: { state: true, sequence: true, updatedAt: true } }),
      postings: await db.ledgerPosting.count({ where: { tenantId: owner.tenantId } }),
      events: await db.outboxEvent.count({ where: { tenantId: owner.tenantId } }),
      business: await db.businessUser.findFirstOrThrow({ where: { tenantId: owner.tenantId }, select: { name: true, updatedAt: true } }),
      sessions: await db.hostedSession.count({ where: { tenantId: owner.tenantId } }),
      subscription: await db.webhookSubscription.findUniqueOrThrow({ where: { id: subscription.id }, select: { enabled: true, secret: true, updatedAt: true } }),
      deliveries: await db.webhookDelivery.count({ where: { tenantId: owner.tenantId, status: "Pending" } }),
    });
    const before = await snapshot();

    const walked: string[] = [];
    for (const operation of OPERATIONS) {
      if (CREATES_OWN.has(operation.operationId)) continue;
      const params = Object.fromEntries([...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, ids[name!]!]));
      const concretePath = `/api${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name]!)}`;
      const result = await callRoute(await handlerFor(operation), { method: operation.method, path: concretePath, params, token: intruder.testApiKey, body: BODIES[operation.operationId] });
      const listed = LISTS_OWN[operation.operationId];
      if (listed) {
        expect([result.status, listed(result.json)], operation.operationId).toEqual([200, []]);
      } else {
        expect([result.status, result.json?.typeCode], operation.operationId).toEqual([404, "not-found"]);
      }
      walked.push(operation.operationId);
    }
    expect(walked.length).toBe(OPERATIONS.length - CREATES_OWN.size);
    expect(await snapshot()).toEqual(before);
  });
});
