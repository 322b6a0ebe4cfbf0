// A sandbox trade paid into escrow whose item ships (the payer pays 80 for shipping, up to 5 kg),
// between two connected users, "buyer" and "seller"; the token of a party's status page link, and
// the label printed from it.
import { expect } from "vitest";
import { GET as labelRoute } from "../../app/(hosted)/status/[token]/labels/[labelId]/route.ts";
import { POST as statusLinkRoute } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/status-link/route.ts";
import { callRoute } from "./call-route.ts";
import { tenantClient } from "./tenant-client.ts";
import { freshTenant } from "./tenants.ts";

export async function paidTradeWithShipping() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  expect((await api.connect("seller")).status).toBe(200);
  expect((await api.connect("buyer")).status).toBe(200);
  const { tradeId } = (
    await api.initiate({
      title: "Armchair",
      description: "Green velvet armchair",
      amount: 1200,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
      shipping: { paidBy: "Payer", price: 80, expectedMaxWeight: 5000 },
    })
  ).json;
  const payment = await api.acceptAndPay("buyer", tradeId);
  expect((await api.completePayment(payment.json.paymentId)).json).toMatchObject({ state: "Paid" });
  return { tenant, api, tradeId: tradeId as string };
}

/** The token of `user`'s status page link for the trade (the last part of its address). */
export async function statusLinkToken(apiKey: string, user: string, tradeId: string): Promise<string> {
  const answer = await callRoute(statusLinkRoute, {
    method: "POST",
    path: `/api/v1/marketplace/users/${user}/trades/${tradeId}/status-link`,
    params: { marketplaceUserId: user, tradeId },
    token: apiKey,
    body: { returnUrl: "https://shop.example/back" },
  });
  expect(answer.status).toBe(200);
  return new URL(answer.json.redirectUrl as string).pathname.split("/")[2]!;
}

/** GET /status/<token>/labels/<labelId> from the browser with the id `browserId`. */
export async function printLabel(token: string, labelId: string, browserId: string) {
  const request = new Request(`https://escrow.test/status/${token}/labels/${labelId}`, {
    headers: { cookie: `escrow_browser=${browserId}` },
  });
  const response = await labelRoute(request, { params: Promise.resolve({ token, labelId }) });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}
