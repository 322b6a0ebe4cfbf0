// For tests of the pages of Get trades: a fresh tenant whose users "seller" and "buyer" are
// connected in the sandbox, with trades between them initiated through the API, and the counts of
// a page metric by its result.
import type { Counter } from "prom-client";
import { expect } from "vitest";
import { POST as initiate } from "../../app/api/v1/marketplace/trades/initiate/route.ts";
import { POST as sandboxConnect } from "../../app/api/v1/sandbox/users/[marketplaceUserId]/connect/route.ts";
import { callRoute } from "./call-route.ts";
import { freshTenant } from "./tenants.ts";

export async function sellerAndBuyer() {
  const tenant = await freshTenant();
  for (const user of ["seller", "buyer"]) {
    const connected = await callRoute(sandboxConnect, {
      method: "POST",
      path: `/api/v1/sandbox/users/${user}/connect`,
      params: { marketplaceUserId: user },
      token: tenant.testApiKey,
      body: { kycLevel: 1 },
    });
    expect(connected.status).toBe(200);
  }
  /** A trade from buyer to seller; its id. */
  const initiateTrade = async (title: string) => {
    const started = await callRoute(initiate, {
      method: "POST",
      path: "/api/v1/marketplace/trades/initiate",
      token: tenant.testApiKey,
      body: {
        title,
        description: "Aluminium frame, 56 cm",
        amount: 100,
        payerFee: 2.5,
        payerFixedFee: 5,
        payeeFee: 5,
        payeeFixedFee: 0,
        payerMarketplaceUserId: "buyer",
        payeeMarketplaceUserId: "seller",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/cancel",
      },
    });
    expect(started.status).toBe(200);
    return started.json.tradeId as string;
  };
  return { tenant, initiateTrade };
}

/** A counter's values by its `result` label, e.g. { kept: 3, rendered: 1 }. */
export async function countsByResult(counter: Counter<"result">): Promise<Record<string, number | undefined>> {
  return Object.fromEntries((await counter.get()).values.map((value) => [String(value.labels.result), value.value]));
}
