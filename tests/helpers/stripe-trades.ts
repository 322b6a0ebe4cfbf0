// A Stripe test file's trades (tests/helpers/stripe-rail-world.ts sets up the rail): a trade paid on
// Stripe's page and settled, the seller's payout account chosen on our page, Stripe's objects read
// back, the trade's payout tries, and the tenant's sandbox clock moved on (which fires its due
// deadlines, the payout's among them).
import { expect } from "vitest";
import { POST as payoutLink } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/payout-account/route.ts";
import { pollPendingRailPayments } from "../../lib/payments/poll-rail-payments.ts";
import type { StripeStandIn } from "../stand-ins/stripe/server.ts";
import { callRoute } from "./call-route.ts";
import { hostedBrowser } from "./hosted-browser.ts";
import { tenantClient } from "./tenant-client.ts";
import { BIKE_BY_HAND } from "./trades.ts";
import { db, freshTenant } from "./tenants.ts";

export function stripeTrades(stand: () => StripeStandIn, key: string) {
  /** A trade paid by card on Stripe's page and accepted by the buyer: settled, its payout due. */
  async function settledTrade(
    options: {
      sellerAccount?: string;
      card?: string;
      mobilePay?: boolean;
      beforeNews?: () => void;
      keep?: boolean;
      shipping?: boolean;
    } = {},
  ) {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.connect("buyer");
    if (options.sellerAccount) await choosePayoutAccount(tenant, options.sellerAccount);
    const initiated = await api.initiate({
      ...BIKE_BY_HAND,
      ...(options.shipping && { shipping: { paidBy: "Payer", price: 49, expectedMaxWeight: 8000 } }),
    });
    expect(initiated.status).toBe(200);
    const tradeId = initiated.json.tradeId as string;
    const sent = await hostedBrowser().post(initiated.json.redirectUrl as string, "pay");
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(sent.location ?? "")![1]!;
    stand().controls.completeCheckoutSession(
      sessionId,
      options.mobilePay
        ? { method: "mobilepay", confirm: "approve" }
        : { method: "card", number: options.card ?? "4242424242424242" },
    );
    options.beforeNews?.();
    await stand().controls.deliveriesSettled();
    await pollPendingRailPayments(new Date()); // the payer's news, had the webhooks been held
    expect(await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } })).toMatchObject({
      state: "Paid",
    });
    if (!options.keep) expect((await api.acceptCondition("buyer", tradeId)).json.state).toBe("Succeeded");
    return { tenant, api, tradeId, sessionId };
  }

  /** The seller chooses their payout account on our hosted page (which also records their acceptance of the terms). */
  async function choosePayoutAccount(tenant: { tenantId: string; testApiKey: string }, accountNumber: string) {
    const answer = await callRoute(payoutLink, {
      method: "POST",
      path: "/api/v1/marketplace/users/seller/payout-account",
      token: tenant.testApiKey,
      params: { marketplaceUserId: "seller" },
      body: { returnUrl: "https://shop.example/account" },
    });
    const saved = await hostedBrowser().post(answer.json.redirectUrl as string, "save", {
      account: "new",
      accountNumber,
    });
    expect(saved.location).toBe("https://shop.example/account");
  }

  const stripeGet = <T>(path: string, account?: string) =>
    fetch(`${stand().url}${path}`, {
      headers: { authorization: `Bearer ${key}`, ...(account && { "stripe-account": account }) },
    }).then((r) => r.json() as Promise<T>);

  const payoutsOf = (tradeId: string) => db.payout.findMany({ where: { tradeId }, orderBy: { attempt: "asc" } });

  /** The scheduler, `seconds` later on the tenant's sandbox clock: the sandbox's clock fires the tenant's due deadlines. */
  async function schedulerAfter(api: ReturnType<typeof tenantClient>, seconds: number) {
    await api.advanceClock(seconds);
    await stand().controls.deliveriesSettled();
  }

  return { settledTrade, choosePayoutAccount, stripeGet, payoutsOf, schedulerAfter };
}
