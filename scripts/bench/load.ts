// The load of `npm run bench`: autocannon for single requests, and a small concurrent driver for
// the payment + label + accept journey (a journey is eight dependent calls, which autocannon's
// fixed request lists cannot express).
import autocannon from "autocannon";

export interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failures: number;
  total: number;
  /** How long it ran, so that slices measured in turns add up (scripts/bench/interleave.ts). */
  seconds: number;
}

export interface Scenario {
  name: string;
  method: "GET" | "POST";
  /** A fresh path (and body) for each request, so that the load spreads over rows like real traffic. */
  next: () => { path: string; body?: unknown };
}

export async function hammer(
  origin: string,
  token: string,
  scenario: Scenario,
  options: { connections: number; seconds?: number; amount?: number },
): Promise<Measured> {
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.seconds }),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    requests: [
      {
        method: scenario.method,
        setupRequest: (request) => {
          const { path, body } = scenario.next();
          return { ...request, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
    seconds: result.duration,
  };
}

export interface JourneyUsers {
  pick: () => [payer: string, payee: string];
}

/**
 * `concurrency` clients each run journeys back to back for `seconds`: initiate, accept and pay,
 * the sandbox payment completion, the delivery label, a Get trade details for the label id, the
 * carrier's sent and delivered events, and the payer's acceptance. Reports journeys/s and the
 * latency of a whole journey.
 */
export async function journeys(
  origin: string,
  token: string,
  users: JourneyUsers,
  options: { concurrency: number; seconds: number },
): Promise<Measured> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON as it comes
  };
  const one = async () => {
    const [payer, payee] = users.pick();
    const { tradeId } = await call("POST", "/marketplace/trades/initiate", initiateBody(payer, payee));
    const payment = await call("POST", `/marketplace/users/${payer}/trades/${tradeId}/invitation/accept-and-pay`);
    await call("POST", `/sandbox/payments/${payment.paymentId}/complete`, { outcome: "succeeded" });
    await call("POST", `/marketplace/users/${payee}/trades/${tradeId}/shipments/delivery`, {
      price: 59,
      shipmentProviderId: "gls",
      expectedMaxWeightInGrams: 5000,
    });
    const labelId = (await call("GET", `/marketplace/users/${payee}/trades/${tradeId}`)).phases.delivery
      .labelId as string;
    await call("POST", `/sandbox/shipments/${labelId}/events`, { event: "sent" });
    await call("POST", `/sandbox/shipments/${labelId}/events`, { event: "delivered" });
    await call("POST", `/marketplace/users/${payer}/trades/${tradeId}/condition/accept`);
  };
  const times: number[] = [];
  let failures = 0;
  let firstError: unknown = null;
  const end = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      // At least one journey each, also with `seconds: 0` (the warm-up call).
      for (let first = true; first || performance.now() < end; first = false) {
        const t0 = performance.now();
        try {
          await one();
          times.push(performance.now() - t0);
        } catch (error) {
          failures++;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError)
    console.error("  first journey failure:", firstError instanceof Error ? firstError.message : firstError);
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length ? times[Math.min(times.length - 1, Math.floor(q * times.length))]! : 0);
  return {
    requestsPerSecond: times.length / elapsed,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    failures,
    total: times.length,
    seconds: elapsed,
  };
}

export function initiateBody(payer: string, payee: string) {
  return {
    title: "Vintage road bike",
    description: "Steel frame, 56 cm, serviced this spring.",
    amount: 1500.5,
    payerFee: 2.5,
    payerFixedFee: 5,
    payeeFee: 5,
    payeeFixedFee: 0,
    payerMarketplaceUserId: payer,
    payeeMarketplaceUserId: payee,
    shipping: { paidBy: "Payer", price: 59 },
    successUrl: "https://shop.example/paid",
    cancelUrl: "https://shop.example/cancelled",
  };
}
