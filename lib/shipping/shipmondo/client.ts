// The HTTP client every Shipmondo call goes through: REST API v3 over `fetch`, HTTP Basic
// authentication with the API user and key (the only scheme the API takes:
// components.securitySchemes.basicAuth in Shipmondo's openapi.json), a timeout on every call, and
// every failure turned into a ShipmondoError (shipmondo-error.ts). The base URL is configurable so
// tests point it at the stand-in (tests/stand-ins/shipmondo) and staging at Shipmondo's sandbox.
//
// It does not retry: a POST /shipments retried blindly could buy a second label, so retrying is the
// caller's decision (create-shipment.ts looks for the shipment first).
import { parseJsonWithDecimals } from "./exact-json.ts";
import { redact, ShipmondoError } from "./shipmondo-error.ts";

/** Shipmondo's production API; the sandbox is https://sandbox.shipmondo.com/api/public/v3. */
export const SHIPMONDO_PRODUCTION_URL = "https://app.shipmondo.com/api/public/v3";

export interface ShipmondoClientConfig {
  /** Up to and including `/api/public/v3`, without a trailing slash. */
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  /** Per call, from sending to the whole answer read; default 20 s. */
  timeoutMs?: number;
}

export type QueryValue = string | number | undefined;

export interface ShipmondoAnswer {
  status: number;
  headers: Headers;
  /** The parsed body, with numbers under `decimalKeys` kept as decimal text. */
  body: unknown;
}

export interface ShipmondoClient {
  call(
    method: "GET" | "POST" | "PUT",
    path: string,
    options?: { query?: Record<string, QueryValue>; body?: unknown; decimalKeys?: ReadonlySet<string> },
  ): Promise<ShipmondoAnswer>;
}

const NO_DECIMALS: ReadonlySet<string> = new Set();

function kindOfStatus(status: number) {
  if (status === 401 || status === 403) return "unauthorized" as const;
  if (status === 404) return "not_found" as const;
  if (status >= 500) return "server_error" as const;
  return "rejected" as const;
}

/** Shipmondo's error bodies are `{ "error": "<text>" }` (components.responses in openapi.json). */
function errorText(text: string): string {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === "object" && parsed !== null && typeof (parsed as { error?: unknown }).error === "string") {
      return (parsed as { error: string }).error;
    }
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 300);
}

export function createShipmondoClient(config: ShipmondoClientConfig): ShipmondoClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${config.apiUser}:${config.apiKey}`, "utf8").toString("base64")}`;
  const secrets = [config.apiUser, config.apiKey, authorization.slice("Basic ".length)];
  const timeoutMs = config.timeoutMs ?? 20_000;

  return {
    async call(method, path, options = {}) {
      const url = new URL(`${baseUrl}${path}`);
      for (const [name, value] of Object.entries(options.query ?? {})) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      const what = `Shipmondo ${method} ${path}`;
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method,
          headers: {
            Authorization: authorization,
            Accept: "application/json",
            ...(options.body !== undefined && { "Content-Type": "application/json" }),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // The cause is left out on purpose: only its name is kept, so nothing of the request travels.
        const name = error instanceof Error ? error.name : "error";
        if (name === "TimeoutError" || name === "AbortError") {
          throw new ShipmondoError("timeout", `${what}: no answer within ${timeoutMs} ms`);
        }
        throw new ShipmondoError("unreachable", `${what}: Shipmondo could not be reached (${name})`);
      }
      if (!response.ok) {
        const said = redact(errorText(text), secrets);
        throw new ShipmondoError(
          kindOfStatus(response.status),
          `${what} answered ${response.status}: ${said}`,
          response.status,
        );
      }
      try {
        const body = text === "" ? null : parseJsonWithDecimals(text, options.decimalKeys ?? NO_DECIMALS);
        return { status: response.status, headers: response.headers, body };
      } catch {
        throw new ShipmondoError(
          "bad_response",
          `${what} answered ${response.status} with a body that is not JSON`,
          response.status,
        );
      }
    },
  };
}
