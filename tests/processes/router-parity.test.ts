// The production server calls the v1 API's route handlers through its own router
// (lib/http/api-router.ts); `npm run dev`, and `npm start` with API_VIA_NEXT=1, go through Next's.
// Two routers, one set of answers: this runs one server of each on one PostgreSQL and sends both
// the same requests — for every operation of the OpenAPI document without a token, with its
// canonical request, with a body that is not JSON, with a method its path does not serve, and a
// whole sandbox journey — and compares status, headers and body after masking what differs by
// nature (ids, times, the server's own address).
/* eslint-disable @typescript-eslint/no-explicit-any -- the API's JSON as it comes */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { canonical } from "../helpers/openapi-cases.ts";
import { concretePath, documentedOperations } from "../helpers/openapi-operations.ts";
import { freshTenant } from "../helpers/tenants.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const BASE_PORT = Number(process.env.ROUTER_PARITY_PORT ?? 3285);
const SERVERS = { direct: BASE_PORT, next: BASE_PORT + 1 } as const;
type Which = keyof typeof SERVERS;
const children: ChildProcess[] = [];

beforeAll(async () => {
  // No background work: what a request answers must not depend on when a round ran.
  const env = { ...SERVER_ENV, WEBHOOK_WORKER: "off", SCHEDULER: "off" };
  children.push(await startServer("direct router", SERVERS.direct, serviceCommand(SERVERS.direct), { env }));
  children.push(
    await startServer("Next's router", SERVERS.next, serviceCommand(SERVERS.next), {
      env: { ...env, API_VIA_NEXT: "1" },
    }),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all(children.map(stopServer));
});

/**
 * Headers that differ by nature between two answers to one request, and the transport's: Next
 * gzips what the direct router sends plain (the API's answers are small; docs/performance.md), so
 * bodies are compared as the client reads them, decoded.
 */
const UNCOMPARED_HEADERS = new Set([
  "date",
  "x-correlation-id",
  "content-length",
  "content-encoding",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "etag",
  "vary",
]);
const MASKS: [RegExp, string][] = [
  [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<uuid>"],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, "<time>"],
  [/127\.0\.0\.1:\d+/g, "<origin>"],
  // The simulated rail's payment references, cursors and hosted-link tokens, parcel numbers.
  [/pay_[0-9a-f]{24}/g, "pay_<id>"],
  [/[A-Za-z0-9_-]{40,}/g, "<token>"],
  [/\b(?:\d{11}|00\d{9}DK)\b/g, "<parcel>"],
];
const mask = (text: string) =>
  MASKS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Masked, for comparing. */
  body: string;
}

async function send(
  which: Which,
  method: string,
  path: string,
  options: { token?: string; body?: string; contentType?: string } = {},
): Promise<Answer & { json: any }> {
  const response = await fetch(`http://127.0.0.1:${SERVERS[which]}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { "content-type": options.contentType ?? "application/json" } : {}),
    },
    body: options.body,
    redirect: "manual",
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // When the window resets is a count of seconds from now: only its presence is the same.
    if (!UNCOMPARED_HEADERS.has(name)) headers[name] = name === "ratelimit-reset" ? "<seconds>" : mask(value);
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.startsWith("application/json") && text ? JSON.parse(text) : null;
  return { status: response.status, headers, body: mask(text), json };
}

/** Each server's own tenant, so that both start from the same nothing. */
const tokens = {} as Record<Which, string>;

/** Sends one request to both servers (the direct router first) and expects the same answer. */
async function expectSameAnswer(
  label: string,
  method: string,
  path: string,
  options: { auth?: boolean; body?: string; contentType?: string } = {},
) {
  const direct = await send("direct", method, path, { ...options, token: options.auth ? tokens.direct : undefined });
  const viaNext = await send("next", method, path, { ...options, token: options.auth ? tokens.next : undefined });
  expect(comparable(direct), label).toEqual(comparable(viaNext));
}

const comparable = ({ status, headers, body }: Answer): Answer => ({ status, headers, body });

describe("the direct router and Next's router", () => {
  beforeAll(async () => {
    tokens.direct = (await freshTenant()).testApiKey;
    tokens.next = (await freshTenant()).testApiKey;
  });

  it(
    "answer every documented operation alike: without a token, with its canonical request, with " +
      "a body that is not JSON, with a method its path does not serve",
    async () => {
      const { document, operations } = await documentedOperations();
      const methodsOf = (apiPath: string) => operations.filter((o) => o.path === apiPath).map((o) => o.method);
      for (const operation of operations) {
        const params = Object.fromEntries(
          operation.pathParams.map((p) => [p.name, String(canonical(document, p.schema))]),
        );
        const query = new URLSearchParams(
          operation.queryParams.filter((p) => p.required).map((p) => [p.name, String(canonical(document, p.schema))]),
        );
        const path = `${concretePath(operation, params)}${query.size ? `?${query}` : ""}`;
        const body = operation.body ? JSON.stringify(canonical(document, operation.body)) : undefined;
        const label = `${operation.method} ${operation.path}`;
        await expectSameAnswer(`${label} without a token`, operation.method, path, { body });
        await expectSameAnswer(`${label} canonical`, operation.method, path, { auth: true, body });
        if (operation.body)
          await expectSameAnswer(`${label} not JSON`, operation.method, path, { auth: true, body: "{not json" });
        const unserved = ["GET", "POST", "PUT", "PATCH", "DELETE"].find(
          (method) => !methodsOf(operation.path).includes(method),
        )!;
        await expectSameAnswer(`${label} as ${unserved}`, unserved, path, { auth: true });
      }
      expect(operations.length).toBeGreaterThan(40);
    },
    180_000,
  );

  it("answer a whole sandbox journey alike, call for call", async () => {
    const call = (label: string, method: string, path: string, body?: unknown) =>
      expectSameAnswer(label, method, `/api/v1${path}`, {
        auth: true,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const party = (user: string, trade: string) => `/marketplace/users/${user}/trades/${trade}`;
    for (const user of ["seller", "buyer"])
      await call(`connect ${user}`, "POST", `/sandbox/users/${user}/connect`, { kycLevel: 1 });
    const initiate = {
      title: "Bike",
      description: "City bike",
      amount: 1200,
      payerFee: 2,
      payeeFee: 3,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
    };
    // Each server made its own trade; the rest of the journey uses each server's own ids.
    const trades = await Promise.all(
      (["direct", "next"] as const).map(
        async (which) =>
          (
            await send(which, "POST", "/api/v1/marketplace/trades/initiate", {
              token: tokens[which],
              body: JSON.stringify(initiate),
            })
          ).json.tradeId as string,
      ),
    );
    const [directTrade, nextTrade] = trades as [string, string];
    const both = async (label: string, method: string, pathOf: (trade: string) => string, body?: unknown) => {
      const options = { body: body === undefined ? undefined : JSON.stringify(body) };
      const direct = await send("direct", method, `/api/v1${pathOf(directTrade)}`, {
        ...options,
        token: tokens.direct,
      });
      const viaNext = await send("next", method, `/api/v1${pathOf(nextTrade)}`, { ...options, token: tokens.next });
      expect(comparable(direct), label).toEqual(comparable(viaNext));
      return { direct: direct.json, next: viaNext.json };
    };
    await both("get trade", "GET", (t) => party("buyer", t));
    const payment = await both("accept and pay", "POST", (t) => `${party("buyer", t)}/invitation/accept-and-pay`);
    const paymentOf = (t: string) => (t === directTrade ? payment.direct : payment.next).paymentId as string;
    await both("complete payment", "POST", (t) => `/sandbox/payments/${paymentOf(t)}/complete`, {
      outcome: "succeeded",
    });
    const labelPayment = await both("buy label", "POST", (t) => `${party("seller", t)}/shipments/delivery`, {
      price: 59,
      shipmentProviderId: "gls",
      expectedMaxWeightInGrams: 5000,
    });
    const labelPaymentOf = (t: string) =>
      (t === directTrade ? labelPayment.direct : labelPayment.next).paymentId as string;
    await both("pay for the label", "POST", (t) => `/sandbox/payments/${labelPaymentOf(t)}/complete`, {
      outcome: "succeeded",
    });
    const paid = await both("get trade after the label", "GET", (t) => party("seller", t));
    const labelOf = (t: string) => (t === directTrade ? paid.direct : paid.next).phases.delivery.labelId as string;
    await both("sent", "POST", (t) => `/sandbox/shipments/${labelOf(t)}/events`, { event: "sent" });
    await both("delivered", "POST", (t) => `/sandbox/shipments/${labelOf(t)}/events`, { event: "delivered" });
    await both("accept condition", "POST", (t) => `${party("buyer", t)}/condition/accept`);
    const finished = await both("get trade at the end", "GET", (t) => party("buyer", t));
    expect(finished.direct.state).toBe("Succeeded");
    await call("list trades", "GET", "/marketplace/users/buyer/trades");
  }, 120_000);
});
