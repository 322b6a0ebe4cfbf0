// The tenant's backend in the end-to-end tests: the v1 API over real HTTP with the sandbox token.
/* eslint-disable @typescript-eslint/no-explicit-any -- tests read the API's JSON as it comes */
import { expect, type APIRequestContext } from "@playwright/test";
import type { E2eTenant } from "./tenant.ts";
import { ITEM_IMAGES } from "./pages.ts";

export function tenantApi(request: APIRequestContext, tenant: E2eTenant, mode: "test" | "live" = "test") {
  const headers = { Authorization: `Bearer ${mode === "test" ? tenant.testApiKey : tenant.liveApiKey}` };
  const post = async (path: string, data?: unknown) => {
    // Strings are JSON strings too (Reject item condition's body), so always send JSON.
    const response = await request.post(`/api/v1${path}`, {
      headers: { ...headers, "Content-Type": "application/json" },
      data: typeof data === "string" ? JSON.stringify(data) : data,
    });
    return { status: response.status(), json: await response.json().catch(() => null) };
  };
  const get = async (path: string) => {
    const response = await request.get(`/api/v1${path}`, { headers });
    return { status: response.status(), json: await response.json().catch(() => null) };
  };
  const ok = async (call: Promise<{ status: number; json: any }>) => {
    const result = await call;
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    return result.json;
  };
  return {
    post,
    get,
    connect: (user: string, kycLevel = 1) => ok(post(`/sandbox/users/${user}/connect`, { kycLevel })),
    user: (user: string) => get(`/marketplace/users/${user}`),
    initiate: (body: Record<string, unknown>) =>
      ok(post("/marketplace/trades/initiate", body)) as Promise<{ tradeId: string; redirectUrl: string }>,
    trade: (user: string, tradeId: string) => ok(get(`/marketplace/users/${user}/trades/${tradeId}`)),
    escrowPayment: (user: string, tradeId: string) => ok(get(`/marketplace/users/${user}/trades/${tradeId}/payment`)),
    acceptAndPay: (user: string, tradeId: string) =>
      ok(post(`/marketplace/users/${user}/trades/${tradeId}/invitation/accept-and-pay`)),
    completePayment: (paymentId: string) =>
      ok(post(`/sandbox/payments/${paymentId}/complete`, { outcome: "succeeded" })),
    track: (labelId: string, event: string) => ok(post(`/sandbox/shipments/${labelId}/events`, { event })),
    advanceClock: (seconds: number) => ok(post("/sandbox/clock/advance", { seconds })),
    connectLink: (body: Record<string, unknown>, query = "") =>
      ok(post(`/marketplace/users/connect${query}`, body)).then((r) => r.redirectUrl as string),
    statusLink: (user: string, tradeId: string, body: Record<string, unknown>) =>
      ok(post(`/marketplace/users/${user}/trades/${tradeId}/status-link`, body)).then((r) => r.redirectUrl as string),
    payoutLink: (user: string, body: Record<string, unknown>) =>
      ok(post(`/marketplace/users/${user}/payout-account`, body)).then((r) => r.redirectUrl as string),
    paymentFlowLink: (user: string, paymentId: string, body: Record<string, unknown>) =>
      ok(post(`/marketplace/users/${user}/payments/${paymentId}/flow`, body)).then((r) => r.redirectUrl as string),
    /** Event names in the outbox, oldest first (for a trade, or of one name). */
    events: async (filter: { tradeId?: string; eventName?: string }) => {
      const query = new URLSearchParams({ pageSize: "100", ...filter });
      const { events } = await ok(get(`/webhooks/events?${query}`));
      return (events as { eventName: string; payload: any }[]).reverse();
    },
  };
}

export type TenantApi = ReturnType<typeof tenantApi>;

/** A trade between two sandbox-connected users (the payer can be left unconnected). */
export async function sandboxTrade(
  api: TenantApi,
  baseURL: string,
  suffix: string,
  extra: Record<string, unknown> = {},
  options: { connectPayer?: boolean } = {},
) {
  const [buyer, seller] = [`buyer-${suffix}`, `seller-${suffix}`];
  await api.connect(seller);
  if (options.connectPayer !== false) await api.connect(buyer);
  const trade = await api.initiate({
    title: "Vintage road bike",
    description: "Steel frame, 56 cm, serviced this spring.\nNew tyres and bar tape.",
    amount: 1500,
    payerFee: 2.5,
    payerFixedFee: 5,
    payeeFee: 5,
    payeeFixedFee: 0,
    payerMarketplaceUserId: buyer,
    payeeMarketplaceUserId: seller,
    shipping: { paidBy: "Payer", price: 59 },
    imageUrls: [`${ITEM_IMAGES}/bike.svg`, `${ITEM_IMAGES}/detail.svg`],
    successUrl: `${baseURL}/?paid=${suffix}`,
    cancelUrl: `${baseURL}/?cancelled=${suffix}`,
    ...extra,
  });
  return { ...trade, buyer, seller };
}
