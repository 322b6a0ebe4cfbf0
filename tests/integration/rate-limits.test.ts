// Rate limits (issue 8, item 3): each API token may make its tenant's rateLimitPerMinute requests
// per window; past it, 429 rate-limited with Retry-After, and the refused request changes
// nothing. Other tenants and the tenant's other tokens are unaffected; the window's end lets the
// token in again; a changed limit applies to the next request. Hosted pages are limited per client
// address in proxy.ts. The window is shortened from a minute to a few seconds so the test can
// watch it end (lib/rate-limits/window-counter.ts).
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as initiateRoute } from "../../app/api/v1/marketplace/trades/initiate/route.ts";
import { GET as listSubscriptions } from "../../app/api/v1/webhooks/subscriptions/route.ts";
import { updateApiRateLimit } from "../../lib/console/settings/update-rate-limit.ts";
import { CLIENT_ADDRESS_HEADER } from "../../lib/http/client-address.ts";
import { setRateLimitWindowSeconds, WindowCounter } from "../../lib/rate-limits/window-counter.ts";
import { updateRateLimit } from "../../lib/tenants/rate-limit-settings.ts";
import { proxy } from "../../proxy.ts";
import { callRoute, expectErrorRecord, type CallResult } from "../helpers/call-route.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const WINDOW_SECONDS = 5;

beforeAll(() => setRateLimitWindowSeconds(WINDOW_SECONDS));
afterAll(() => setRateLimitWindowSeconds(60));

const list = (token: string) => callRoute(listSubscriptions, { path: "/api/v1/webhooks/subscriptions", token });
const initiateBody = {
  title: "Lamp",
  description: "Brass",
  amount: 100,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/no",
};
const initiate = (token: string) =>
  callRoute(initiateRoute, { method: "POST", path: "/api/v1/marketplace/trades/initiate", token, body: initiateBody });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectLimited(result: CallResult) {
  const record = expectErrorRecord(result, 429, "rate-limited");
  const retryAfter = Number(result.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_SECONDS).toBe(true);
  expect(result.headers.get("x-correlation-id")).toBe(record.traceId);
  expect(result.headers.get("ratelimit-remaining")).toBe("0");
  return retryAfter;
}

describe("API rate limit per token", () => {
  it("refuses a token past its limit with 429 and Retry-After, changing nothing, while other tenants and tokens go on", async () => {
    const flooded = await freshTenant({ rateLimitPerMinute: 6 });
    const other = await freshTenant({ rateLimitPerMinute: 6 });
    const api = tenantClient(flooded.testApiKey);
    // Six requests in the window: all answered, each saying how many are left.
    expect((await api.connect("seller")).status).toBe(200);
    expect((await api.connect("buyer")).status).toBe(200);
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      const result = await list(flooded.testApiKey);
      expect(result.status).toBe(200);
      expect(result.headers.get("ratelimit-limit")).toBe("6");
      remaining.push(result.headers.get("ratelimit-remaining")!);
    }
    expect(remaining).toEqual(["3", "2", "1", "0"]);

    // The seventh is refused before it does anything: no trade.
    expectLimited(await initiate(flooded.testApiKey));
    expect(await db.trade.count({ where: { tenantId: flooded.tenantId } })).toBe(0);
    const retryAfter = expectLimited(await list(flooded.testApiKey));

    // The same moment: another tenant and the flooded tenant's live token are not limited.
    expect((await list(other.testApiKey)).status).toBe(200);
    expect((await list(flooded.liveApiKey)).status).toBe(200);

    // Once the window is over, the same Initiate trade goes through.
    await sleep(retryAfter * 1000 + 200);
    const again = await initiate(flooded.testApiKey);
    expect(again.status).toBe(200);
    expect(again.headers.get("ratelimit-remaining")).toBe("5");
    expect(await db.trade.count({ where: { tenantId: flooded.tenantId } })).toBe(1);
  });

  it("applies a changed limit to the next request, raised in the console or lowered by the operator", async () => {
    const tenant = await freshTenant({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await list(tenant.testApiKey)).status).toBe(200);
    expectLimited(await list(tenant.testApiKey));

    await updateApiRateLimit(await staffOf(tenant.tenantId, "admin"), { rateLimitPerMinute: 60 });
    const raised = await list(tenant.testApiKey);
    expect(raised.status).toBe(200);
    // The count carries over: 3 answered and this one (a refused request is not counted).
    expect(raised.headers.get("ratelimit-remaining")).toBe(String(60 - 4));

    await updateRateLimit(db, tenant.tenantId, 4);
    expectLimited(await list(tenant.testApiKey));
  });

  it("counts concurrent requests exactly: of 30 at once with a limit of 10, 10 are answered", async () => {
    const tenant = await freshTenant({ rateLimitPerMinute: 10 });
    const results = await Promise.all(Array.from({ length: 30 }, () => list(tenant.testApiKey)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });
});

describe("counters shared by instances through the database", () => {
  const instance = () => Object.assign(new WindowCounter(), { windowSeconds: WINDOW_SECONDS });
  const points = async (key: string) => (await db.rateLimitCounter.findUniqueOrThrow({ where: { key } })).points;
  const allowed = (counter: WindowCounter, key: string, times: number) =>
    Array.from({ length: times }, () => counter.count(key, 10).allowed);

  it("an instance learns the others' counts when it flushes, so together they keep the limit", async () => {
    const [a, b] = [instance(), instance()];
    const key = `api:${randomUUID()}`;
    expect(allowed(a, key, 6)).toEqual(Array(6).fill(true));
    await a.flush();
    expect(allowed(b, key, 1)).toEqual([true]); // b has not heard of the 6 yet
    await b.flush();
    expect(await points(key)).toBe(7);
    // b now knows the window's total: 3 more, then refused.
    expect(allowed(b, key, 4)).toEqual([true, true, true, false]);
    await b.flush();
    // a last heard 6, so admits one more before its flush tells it about b's: the bounded overshoot
    // of batching (one flush interval of one instance's requests).
    expect(allowed(a, key, 1)).toEqual([true]);
    await a.flush();
    expect(allowed(a, key, 1)).toEqual([false]);
    expect(await points(key)).toBe(11);
  });

  it("adds up concurrent flushes of the same keys exactly (no lost update)", async () => {
    const [a, b] = [instance(), instance()];
    const keys = Array.from({ length: 50 }, () => `api:${randomUUID()}`);
    for (let round = 0; round < 20; round++) {
      // The two instances meet the keys in opposite orders (each flush sorts them: one lock order).
      for (const key of keys) a.count(key, 1_000_000);
      for (const key of [...keys].reverse()) b.count(key, 1_000_000);
      await Promise.all([a.flush(), b.flush()]);
    }
    for (const key of keys) expect(await points(key)).toBe(40);
  });
});

describe("hosted pages rate limit per client address", () => {
  // The production server resolves the client and puts it in its own header (scripts/serve.ts).
  const hosted = (path: string, client: string, method = "GET", forwardedFor?: string) =>
    proxy(
      new NextRequest(`https://escrow.test${path}`, {
        method,
        headers: { [CLIENT_ADDRESS_HEADER]: client, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
      }),
    );

  it("refuses a client past the limit with 429 and Retry-After, and not another client or the console", async () => {
    const previous = process.env.HOSTED_RATE_LIMIT_PER_MINUTE;
    process.env.HOSTED_RATE_LIMIT_PER_MINUTE = "4";
    try {
      const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      // Page loads and form posts count alike.
      for (const [path, method] of [
        ["/checkout/tok1", "GET"],
        ["/pay/tok2", "GET"],
        ["/checkout/tok1/pay", "POST"],
        ["/status/tok3", "GET"],
      ] as const) {
        expect((await hosted(path, client, method)).status).toBe(200);
      }
      const refused = await hosted("/checkout/tok1", client);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_SECONDS).toBe(true);
      expect(await refused.text()).toContain("Too many requests");

      // An X-Forwarded-For the client wrote does not make it a new client.
      expect((await hosted("/checkout/tok1", client, "GET", "203.0.113.9")).status).toBe(429);
      expect((await hosted("/checkout/tok1", "192.0.2.44")).status).toBe(200);
      // Only hosted pages are limited here (the console has its own sign-in limits).
      expect((await hosted("/console/sign-in", client)).status).toBe(200);

      await sleep(retryAfter * 1000 + 200);
      expect((await hosted("/checkout/tok1", client)).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.HOSTED_RATE_LIMIT_PER_MINUTE;
      else process.env.HOSTED_RATE_LIMIT_PER_MINUTE = previous;
    }
  });
});

describe("requests without a valid API token, per client address", () => {
  it("answer 429 past the limit instead of 401, for that address only, and never refuse a valid token", async () => {
    const previous = process.env.API_FAILED_AUTH_PER_MINUTE;
    process.env.API_FAILED_AUTH_PER_MINUTE = "5";
    try {
      const tenant = await freshTenant();
      const prober = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const call = (token: string, client: string) =>
        callRoute(listSubscriptions, {
          path: "/api/v1/webhooks/subscriptions",
          token,
          headers: { [CLIENT_ADDRESS_HEADER]: client },
        });
      const bad = `esk_test_${"A".repeat(43)}`;
      for (let i = 0; i < 5; i++) expectErrorRecord(await call(bad, prober), 401, "unauthorized");
      const refused = expectErrorRecord(await call(bad, prober), 429, "rate-limited");
      expect(refused.detail).toContain("without a valid API token");
      expectErrorRecord(await call("no-token-at-all", prober), 429, "rate-limited");
      // The same address with a valid token, and another address with a bad one, go on as usual.
      expect((await call(tenant.testApiKey, prober)).status).toBe(200);
      expectErrorRecord(await call(bad, "192.0.2.200"), 401, "unauthorized");
    } finally {
      if (previous === undefined) delete process.env.API_FAILED_AUTH_PER_MINUTE;
      else process.env.API_FAILED_AUTH_PER_MINUTE = previous;
    }
  });
});
