// A fresh tenant with real objects behind every kind of id the API takes in a path: connected
// users, trades in several states, escrow and label payments (paid and pending), labels, a
// chargeback, a business user, a webhook subscription and its events. Built through the API itself, as a tenant would.
import { callRoute } from "./call-route.ts";
import { tenantClient } from "./tenant-client.ts";
import { db, freshTenant } from "./tenants.ts";

// The ids the OpenAPI document gives as examples, so that documented example bodies find real objects.
export const EXAMPLE_USER = "user-4711";
export const EXAMPLE_BUSINESS = { businessId: "12345678", businessLocationId: "1012345678" };

export type IdPool = Record<string, string[]>;

export async function buildWorld() {
  const tenant = await freshTenant({ allowedBusinessIds: [EXAMPLE_BUSINESS.businessId] });
  const api = tenantClient(tenant.testApiKey);
  const ok = async <T extends { status: number; json: unknown }>(call: Promise<T>, what: string) => {
    const result = await call;
    if (result.status >= 300)
      throw new Error(`world: ${what} answered ${result.status} ${JSON.stringify(result.json)}`);
    return result.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- API bodies
  };
  for (const user of ["seller", "buyer", EXAMPLE_USER]) await ok(api.connect(user), `connect ${user}`);

  const trades: Record<string, string> = {};
  const payments: string[] = [];
  const labels: string[] = [];
  const initiate = async (name: string) => {
    const { tradeId } = await ok(
      api.initiate({
        title: name,
        description: "A used bike",
        amount: 1000,
        payerFee: 2,
        payeeFee: 3,
        payerMarketplaceUserId: "buyer",
        payeeMarketplaceUserId: "seller",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/no",
      }),
      "initiate",
    );
    trades[name] = tradeId as string;
    return tradeId as string;
  };
  const pay = async (tradeId: string) => {
    const { paymentId } = await ok(api.acceptAndPay("buyer", tradeId), "accept and pay");
    payments.push(paymentId);
    await ok(api.completePayment(paymentId), "complete payment");
  };
  const label = async (tradeId: string) => {
    const { paymentId } = await ok(
      api.buyDelivery("seller", tradeId, { price: 10, shipmentProviderId: "gls", expectedMaxWeightInGrams: 100 }),
      "buy label",
    );
    payments.push(paymentId);
    await ok(api.completePayment(paymentId), "pay label");
    const labelId = (await ok(api.trade("seller", tradeId), "trade")).phases.delivery.labelId as string;
    labels.push(labelId);
    return labelId;
  };

  await initiate("Created");
  const pending = await initiate("InvitationAccepted");
  payments.push((await ok(api.acceptAndPay("buyer", pending), "accept and pay")).paymentId);
  await pay(await initiate("AwaitingShipment"));
  const labelled = await initiate("LabelCreated");
  await pay(labelled);
  await label(labelled);
  const delivered = await initiate("Delivered");
  await pay(delivered);
  const deliveredLabel = await label(delivered);
  await ok(api.track(deliveredLabel, "sent"), "sent");
  await ok(api.track(deliveredLabel, "delivered"), "delivered");
  const rejected = await initiate("ConditionRejected");
  await pay(rejected);
  const rejectedLabel = await label(rejected);
  await ok(api.track(rejectedLabel, "sent"), "sent");
  await ok(api.track(rejectedLabel, "delivered"), "delivered");
  await ok(api.rejectCondition("buyer", rejected, "Broken frame"), "reject condition");
  // Released: accepted, then paid out when the sandbox clock reaches its payout (a Payout record).
  const released = await initiate("Released");
  await pay(released);
  const releasedLabel = await label(released);
  await ok(api.track(releasedLabel, "sent"), "sent");
  await ok(api.track(releasedLabel, "delivered"), "delivered");
  await ok(api.acceptCondition("buyer", released), "accept condition");
  await ok(api.advanceClock(1), "advance clock to the payout");
  const payouts = await db.payout.findMany({ where: { tenantId: tenant.tenantId }, select: { id: true } });
  // A paid trade whose payment the payer's bank took back (the sandbox's chargeback): a chargeback id.
  const chargedBack = await initiate("ChargedBack");
  await pay(chargedBack);
  const chargeback = await ok(api.chargeback(payments.at(-1)!), "chargeback");

  const { POST: createBusiness } = await import("../../app/api/v1/marketplace/business-users/route.ts");
  await ok(
    callRoute(createBusiness, {
      method: "POST",
      path: "/api/v1/marketplace/business-users",
      token: tenant.testApiKey,
      body: {
        ...EXAMPLE_BUSINESS,
        name: "Bike shop",
        phoneNumber: "+4512345678",
        address: {},
        payoutsAccountNumber: "DK5000400440116243",
      },
    }),
    "business user",
  );
  const { POST: createSubscription } = await import("../../app/api/v1/webhooks/subscriptions/route.ts");
  const subscription = await ok(
    callRoute(createSubscription, {
      method: "POST",
      path: "/api/v1/webhooks/subscriptions",
      token: tenant.testApiKey,
      body: { url: "http://localhost:9/hooks" },
    }),
    "subscription",
  );
  const events = await db.outboxEvent.findMany({ where: { tenantId: tenant.tenantId }, select: { id: true }, take: 3 });

  const ids: IdPool = {
    marketplaceUserId: ["seller", "buyer", EXAMPLE_USER],
    tradeId: Object.values(trades),
    paymentId: payments,
    labelId: labels,
    businessId: [EXAMPLE_BUSINESS.businessId],
    businessLocationId: [EXAMPLE_BUSINESS.businessLocationId],
    subscriptionId: [subscription.id as string],
    eventId: events.map((e) => e.id),
    payoutId: payouts.map((p) => p.id),
    chargebackId: [chargeback.chargebackId as string],
  };
  return { tenant, ids, trades };
}

/** Every row of the tenant in every table that has a tenantId column, for before/after comparisons. */
export async function tenantRows(tenantId: string): Promise<Record<string, unknown[]>> {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name = 'tenantId' ORDER BY table_name`;
  const rows: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    // The request log and a token's lastUsedAt record calls made with the tenant's own tokens.
    if (table === "ApiRequestLog") continue;
    const columns = table === "ApiToken" ? `to_jsonb(t) - 'lastUsedAt'` : "to_jsonb(t)";
    const result = await db.$queryRawUnsafe<Record<string, unknown>[]>(
      `SELECT row FROM (SELECT ${columns} AS row FROM "${table}" t WHERE "tenantId" = $1) s ORDER BY row::text`,
      tenantId,
    );
    rows[table] = result.map((r) => r.row);
  }
  const tenant = await db.$queryRawUnsafe<Record<string, unknown>[]>(
    `SELECT to_jsonb(t) AS row FROM "Tenant" t WHERE id = $1`,
    tenantId,
  );
  rows.Tenant = tenant.map((r) => r.row);
  return rows;
}
