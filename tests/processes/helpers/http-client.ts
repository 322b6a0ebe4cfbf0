// The tenant's API over real HTTP, against a running server (the other tests call route handlers
// in-process; these talk to `next start`). A call that finds no server — killed, restarting —
// rejects with ServerDown, so that drivers can wait for the server and go on.
export class ServerDown extends Error {}

export interface HttpResult {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON as it comes
}

export function httpClient(
  origin: () => string,
  token: string,
  onAnswer?: (method: string, path: string, result: HttpResult) => void,
) {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResult> => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${origin()}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        body: method === "POST" ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      text = await response.text();
    } catch (error) {
      throw new ServerDown(`${method} ${path}: ${error instanceof Error ? error.message : error}`);
    }
    const result = { status: response.status, json: text ? JSON.parse(text) : null };
    onAnswer?.(method, path, result);
    // A 5xx from a server whose database connections were cut is the same as no answer.
    if (response.status >= 500) throw new ServerDown(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return result;
  };
  const party = (u: string, t: string) => `/marketplace/users/${u}/trades/${t}`;
  return {
    call,
    connect: (u: string) => call("POST", `/sandbox/users/${u}/connect`, { kycLevel: 1 }),
    subscribe: (url: string) => call("POST", "/webhooks/subscriptions", { url }),
    initiate: (body: unknown, headers?: Record<string, string>) =>
      call("POST", "/marketplace/trades/initiate", body, headers),
    trade: (u: string, t: string) => call("GET", party(u, t)),
    acceptAndPay: (u: string, t: string) => call("POST", `${party(u, t)}/invitation/accept-and-pay`),
    escrowPayment: (u: string, t: string) => call("GET", `${party(u, t)}/payment`),
    completePayment: (p: string) => call("POST", `/sandbox/payments/${p}/complete`, { outcome: "succeeded" }),
    buyDelivery: (u: string, t: string) =>
      call("POST", `${party(u, t)}/shipments/delivery`, {
        price: 59,
        shipmentProviderId: "gls",
        expectedMaxWeightInGrams: 5000,
      }),
    track: (labelId: string, event: string) => call("POST", `/sandbox/shipments/${labelId}/events`, { event }),
    acceptCondition: (u: string, t: string) => call("POST", `${party(u, t)}/condition/accept`),
    rejectCondition: (u: string, t: string) => call("POST", `${party(u, t)}/condition/reject`, "Scratched frame"),
    cancel: (t: string, state: string) => call("POST", `/marketplace/trades/${t}/cancel`, { state }),
    advanceClock: (seconds: number) => call("POST", "/sandbox/clock/advance", { seconds }),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;
