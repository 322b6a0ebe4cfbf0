// The SDK's own behaviour against the real server over real HTTP: typed errors carrying the error
// record, an Idempotency-Key kept across retries (the server runs the operation once), which
// answers are retried and how long it waits, and iteration over paged lists. Faults are injected
// on the client's side of the wire (a fetch that loses an answer or stands in for an overloaded
// proxy); the server is always the real one.
import { createEscrowClient, EscrowApiError, EscrowConnectionError } from "@escrow/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFingerprint } from "../../lib/api/idempotency.ts";
import { startHttpApi } from "../helpers/http-api.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

let api: Awaited<ReturnType<typeof startHttpApi>>;
beforeAll(async () => {
  api = await startHttpApi();
}, 60_000);
afterAll(() => api.close());

/** A fetch that records what was sent and may answer in the server's place or drop its answer. */
function faultyFetch(fault: (attempt: number, request: Request, send: () => Promise<Response>) => Promise<Response>) {
  const sent: { method: string; url: string; idempotencyKey: string | null; at: number }[] = [];
  const fetch = (request: Request) => {
    sent.push({
      method: request.method,
      url: request.url,
      idempotencyKey: request.headers.get("idempotency-key"),
      at: Date.now(),
    });
    return fault(sent.length, request, () => globalThis.fetch(request));
  };
  return { fetch, sent };
}

const trade = (payer: string, title = "Lamp") => ({
  title,
  description: "Brass lamp",
  amount: 300,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: payer,
  payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/no",
});

async function tenantWithSeller() {
  const tenant = await freshTenant();
  const client = createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey });
  await client.sandbox.connectUser("seller");
  return { tenant, client };
}

describe("EscrowApiError", () => {
  it("carries the error record of a bad request, field by field", async () => {
    const { client } = await tenantWithSeller();
    const error = await client.trades.initiate({ ...trade("buyer"), title: "", amount: -5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EscrowApiError);
    const apiError = error as EscrowApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.typeCode).toBe("validation-error");
    expect(apiError.code).toBe("validation-error");
    expect(apiError.errors.map((e) => e.key).sort()).toEqual(["amount", "title"]);
    expect(apiError.traceId).toBe(apiError.response.headers.get("x-correlation-id"));
    expect(apiError.record).toMatchObject({ status: 400, title: "The request is not valid" });
  });

  it("names not-found, invalid-state and unauthorized, and is not retried for them", async () => {
    const { client, tenant } = await tenantWithSeller();
    await expect(client.trades.get({ marketplaceUserId: "buyer", tradeId: "no-such-trade" })).rejects.toMatchObject({
      status: 404,
      typeCode: "not-found",
    });
    await client.sandbox.connectUser("buyer");
    const { tradeId } = await client.trades.initiate(trade("buyer"));
    const counted = faultyFetch((_, __, send) => send());
    const counting = createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey, fetch: counted.fetch });
    await expect(counting.trades.cancel({ tradeId, state: "Sent" })).rejects.toMatchObject({
      status: 409,
      typeCode: "invalid-state",
      detail: expect.stringContaining("Created"),
    });
    expect(counted.sent).toHaveLength(1);
    const stranger = createEscrowClient({ baseUrl: `${api.origin}/api/v1`, token: "esk_test_nobody" });
    await expect(stranger.users.get("buyer")).rejects.toMatchObject({ status: 401, typeCode: "unauthorized" });
  });
});

describe("idempotent retries", () => {
  it("sends one Idempotency-Key across retries, so an answer lost on the wire does not make a second trade", async () => {
    const { tenant } = await tenantWithSeller();
    let lost = false;
    const faulty = faultyFetch(async (_, request, send) => {
      const response = await send(); // the server did the work…
      if (request.url.endsWith("/trades/initiate") && !lost) {
        lost = true;
        throw new TypeError("fetch failed: socket hang up"); // …and the answer is lost
      }
      return response;
    });
    const client = createEscrowClient({
      baseUrl: api.origin,
      token: tenant.testApiKey,
      fetch: faulty.fetch,
      initialDelayMs: 10,
    });
    await client.sandbox.connectUser("buyer");
    const { tradeId } = await client.trades.initiate(trade("buyer"));

    const initiations = faulty.sent.filter((s) => s.url.endsWith("/trades/initiate"));
    expect(initiations).toHaveLength(2);
    expect(initiations[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(initiations[1]!.idempotencyKey).toBe(initiations[0]!.idempotencyKey);
    const trades = await db.trade.findMany({ where: { tenantId: tenant.tenantId }, select: { id: true } });
    expect(trades.map((t) => t.id)).toEqual([tradeId]);
  });

  it("gives each call its own key, and takes the caller's own", async () => {
    const { tenant } = await tenantWithSeller();
    const recorded = faultyFetch((_, __, send) => send());
    const client = createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey, fetch: recorded.fetch });
    await client.sandbox.connectUser("buyer");
    const first = await client.trades.initiate(trade("buyer"), { idempotencyKey: "order-4711" });
    const again = await client.trades.initiate(trade("buyer"), { idempotencyKey: "order-4711" });
    expect(again.tradeId).toBe(first.tradeId);
    const other = await client.trades.initiate(trade("buyer"));
    expect(other.tradeId).not.toBe(first.tradeId);
    await expect(
      client.trades.initiate(trade("buyer", "Another lamp"), { idempotencyKey: "order-4711" }),
    ).rejects.toMatchObject({ status: 422, typeCode: "idempotency-key-mismatch" });
    const keys = recorded.sent.filter((s) => s.method === "POST").map((s) => s.idempotencyKey);
    expect(new Set(keys).size).toBe(keys.length - 2); // the two order-4711 repeats
    expect(recorded.sent.filter((s) => s.method === "GET").every((s) => s.idempotencyKey === null)).toBe(true);
  });

  it("waits out the server's 409 idempotency-in-progress and gets the answer", async () => {
    const { tenant } = await tenantWithSeller();
    // Another request with this key is still running on the server: its record says so.
    const path = "/api/v1/sandbox/users/carol/connect";
    const record = await db.idempotencyRecord.create({
      data: {
        tenantId: tenant.tenantId,
        mode: "test",
        key: "connect-carol",
        method: "POST",
        path,
        requestHash: requestFingerprint("POST", path, JSON.stringify({ kycLevel: 2 })),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const answers: number[] = [];
    const faulty = faultyFetch(async (_, __, send) => {
      const response = await send();
      answers.push(response.status);
      // …and it finishes (here: gives the key up) while the client waits.
      if (response.status === 409) await db.idempotencyRecord.delete({ where: { id: record.id } });
      return response;
    });
    const client = createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey, fetch: faulty.fetch });
    const started = Date.now();
    const connected = await client.sandbox.connectUser("carol", { kycLevel: 2 }, { idempotencyKey: "connect-carol" });
    expect(connected.kycLevel).toBe(2);
    expect(answers).toEqual([409, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950); // the 409's Retry-After: 1
  });

  it("honours a 429's Retry-After, retries a 5xx with backoff, and stops at maxAttempts", async () => {
    const { tenant } = await tenantWithSeller();
    const overloaded = (status: number, headers: Record<string, string>) =>
      new Response(
        JSON.stringify({
          title: "x",
          detail: "busy",
          status,
          errors: [],
          traceId: "t".repeat(20),
          typeCode: status === 429 ? "rate-limited" : "service-unavailable",
        }),
        { status, headers },
      );
    const limited = faultyFetch(async (attempt, _, send) =>
      attempt === 1 ? overloaded(429, { "retry-after": "1" }) : send(),
    );
    const client = createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey, fetch: limited.fetch });
    await client.sandbox.connectUser("buyer");
    expect(limited.sent).toHaveLength(2);
    expect(limited.sent[1]!.at - limited.sent[0]!.at).toBeGreaterThanOrEqual(950);
    expect(limited.sent[1]!.idempotencyKey).toBe(limited.sent[0]!.idempotencyKey);

    const down = faultyFetch(async () => overloaded(503, {}));
    const impatient = createEscrowClient({
      baseUrl: api.origin,
      token: tenant.testApiKey,
      fetch: down.fetch,
      maxAttempts: 3,
      initialDelayMs: 20,
    });
    await expect(impatient.users.get("buyer")).rejects.toMatchObject({ status: 503, typeCode: "service-unavailable" });
    expect(down.sent).toHaveLength(3);
    // It backs off, doubling: at least half of 20 ms, then half of 40 ms (the jitter takes up to half
    // away). Not compared with each other: the round trips between them vary on a loaded machine.
    expect(down.sent[1]!.at - down.sent[0]!.at).toBeGreaterThanOrEqual(9);
    expect(down.sent[2]!.at - down.sent[1]!.at).toBeGreaterThanOrEqual(19);

    const nowhere = createEscrowClient({
      baseUrl: "http://127.0.0.1:9",
      token: tenant.testApiKey,
      maxAttempts: 2,
      initialDelayMs: 10,
    });
    await expect(nowhere.users.get("buyer")).rejects.toBeInstanceOf(EscrowConnectionError);
  });

  it("turns the server's own 429 into rate-limited with retryAfter when the wait is longer than allowed", async () => {
    const tenant = await freshTenant({ rateLimitPerMinute: 1 });
    const client = createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey, maxDelayMs: 100 });
    await client.sandbox.connectUser("seller");
    const error = (await client.users.get("seller").catch((e: unknown) => e)) as EscrowApiError;
    expect(error).toBeInstanceOf(EscrowApiError);
    expect(error.typeCode).toBe("rate-limited");
    expect(error.retryAfter).toBeGreaterThan(0);
  });
});

describe("paged lists", () => {
  it("iterates every trade across pages with for await, and page by page", async () => {
    const { client } = await tenantWithSeller();
    await client.sandbox.connectUser("buyer");
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await client.trades.initiate(trade("buyer", `Lamp ${i}`))).tradeId);

    const seen: string[] = [];
    for await (const t of client.trades.list({ marketplaceUserId: "buyer", pageSize: 2 })) seen.push(t.tradeId);
    expect(seen.sort()).toEqual([...made].sort());
    const pages: number[] = [];
    for await (const page of client.trades.list({ marketplaceUserId: "buyer", pageSize: 2 }).pages())
      pages.push(page.length);
    expect(pages).toEqual([2, 2, 1]);
    expect(
      await client.trades.list({ marketplaceUserId: "seller", role: "payee", pageSize: 100 }).toArray(3),
    ).toHaveLength(3);
    expect(await client.trades.list({ marketplaceUserId: "buyer", role: "payee" }).toArray()).toEqual([]);
  });
});
