// Reconciliation of the payment rail (lib/payments/reconcile-rail.ts) through the official SDK
// against the Stripe stand-in: its balance transactions for a period match our charges and
// refunds to the øre; a planted mismatch — a refund whose amount we recorded wrong, and a refund
// someone made in Stripe's dashboard — is found, named, and shown on the tenant's console Finance
// page (the dashboard's refund, which no record of ours names, only to the operators' metric).
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import { describe, expect, it } from "vitest";
import { GET as finance } from "../../app/(console)/console/api/finance/route.ts";
import { formatMoney } from "../../lib/money/format.ts";
import { sendDueRefunds } from "../../lib/payments/send-rail-refunds.ts";
import { reconcileRail } from "../../lib/payments/reconcile-rail.ts";
import { stripePaymentRail } from "../../lib/payments/stripe/stripe-rail.ts";
import { callConsole } from "../helpers/console-request.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { withStripeRail } from "../helpers/stripe-rail-world.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import type { StripeStandIn } from "../stand-ins/stripe/server.ts";

const SECRET = "whsec_reconciliation";
const KEY = "sk_test_escrow_reconciliation";

let standIn: StripeStandIn;
withStripeRail({ apiKey: KEY, webhookSecret: SECRET }, (started) => (standIn = started));

async function paidTrade(api: ReturnType<typeof tenantClient>, amount: number) {
  const initiated = await api.initiate({
    title: "Lamp",
    description: "Brass",
    amount,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: "buyer",
    payeeMarketplaceUserId: "seller",
    successUrl: "https://shop.example/ok",
    cancelUrl: "https://shop.example/cancel",
  });
  const sent = await hostedBrowser().post(initiated.json.redirectUrl as string, "pay");
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(sent.location ?? "")![1]!;
  standIn.controls.completeCheckoutSession(sessionId, { method: "card", number: "4242424242424242" });
  await standIn.controls.deliveriesSettled();
  const tradeId = initiated.json.tradeId as string;
  expect(await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } })).toMatchObject({ state: "Paid" });
  return { tradeId, sessionId };
}

describe("reconciliation of the payment rail", () => {
  it("matches Stripe's balance transactions to our charges and refunds, and finds and shows a planted mismatch", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    const cancelled = await paidTrade(api, 1500);
    const kept = await paidTrade(api, 800);
    expect((await api.cancel(cancelled.tradeId, "AwaitingShipment")).status).toBe(200);
    await sendDueRefunds(new Date(Date.now() + 1000), 10_000);
    standIn.controls.advanceClock(1);
    await standIn.controls.deliveriesSettled();
    const [refund] = await db.railRefund.findMany({ where: { payment: { tradeId: cancelled.tradeId } } });
    expect(refund).toMatchObject({ state: "Succeeded", amountMinor: 150_000n });

    const period = { from: new Date(Date.now() - 3_600_000), to: new Date(standIn.controls.now() * 1000 + 3_600_000) };
    const ofTenant = (mismatches: { tenantId: string | null }[]) =>
      mismatches.filter((m) => m.tenantId === tenant.tenantId);
    const clean = await reconcileRail(stripePaymentRail, period);
    expect(ofTenant(clean.mismatches)).toEqual([]);
    expect(clean.mismatches.filter((m) => m.kind === "missing_here")).toEqual([]);
    expect(clean.matched).toBeGreaterThanOrEqual(3); // two charges and the refund, at least (other files share the rail's tables)

    // Planted: our refund's amount recorded wrong, and a refund made in Stripe's dashboard.
    await db.railRefund.update({ where: { id: refund!.id }, data: { amountMinor: 149_000n } });
    const session = await fetch(`${standIn.url}/v1/checkout/sessions/${kept.sessionId}`, {
      headers: { authorization: `Bearer ${KEY}` },
    }).then((r) => r.json() as Promise<{ payment_intent: string }>);
    const dashboard = await fetch(`${standIn.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_intent: session.payment_intent, amount: "10000" }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    standIn.controls.advanceClock(1);
    await standIn.controls.deliveriesSettled();

    const planted = await reconcileRail(stripePaymentRail, period);
    expect(ofTenant(planted.mismatches)).toEqual([
      expect.objectContaining({
        objectType: "refund",
        kind: "amount_differs",
        tradeId: cancelled.tradeId,
        railObjectId: refund!.railRefundId,
        railAmountMinor: -150_000n,
        ourAmountMinor: -149_000n,
        currency: "DKK",
      }),
    ]);
    expect(planted.mismatches.filter((m) => m.kind === "missing_here")).toEqual([
      expect.objectContaining({
        objectType: "refund",
        railObjectId: dashboard.id,
        railAmountMinor: -10_000n,
        tenantId: null,
      }),
    ]);

    // The tenant's Finance page shows theirs.
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const page = await callConsole(finance, {
      method: "GET",
      path: "/console/api/finance?mode=test",
      staffId: viewer.staff.id,
    });
    expect(page.status).toBe(200);
    expect(page.json.rail).toMatchObject({
      count: 1,
      mismatches: [
        {
          kind: "amount_differs",
          objectType: "refund",
          tradeId: cancelled.tradeId,
          railObjectId: refund!.railRefundId,
          atRail: formatMoney(-150_000n, "DKK"),
          ours: formatMoney(-149_000n, "DKK"),
        },
      ],
    });
  });
});
