// Stripe's idempotency (docs.stripe.com/api/idempotent_requests): a POST with an Idempotency-Key
// is run once; the same key again with the same parameters gets the first answer back, byte for
// byte, with `Idempotent-Replayed: true`; with other parameters or another endpoint it is refused
// with an idempotency_error. Keys belong to the account the request acts as (the platform or the
// Stripe-Account), and are forgotten after 24 hours. Only requests that began executing are saved:
// one refused by parameter validation leaves the key free.
import { createHash } from "node:crypto";
import { StripeApiError } from "./errors.ts";
import type { Json } from "./json.ts";

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Entry {
  endpoint: string;
  parametersHash: string;
  response: StoredResponse | null;
  savedAtMs: number;
}

const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

export type IdempotencyOutcome = { kind: "run" } | { kind: "replay"; response: StoredResponse };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly nowMs: () => number) {}

  private slot(account: string, key: string) {
    return `${account}\u0000${key}`;
  }

  private prune() {
    const oldest = this.nowMs() - KEY_LIFETIME_MS;
    for (const [slot, entry] of this.entries) if (entry.savedAtMs < oldest) this.entries.delete(slot);
  }

  /** Claims the key for this request, or says to replay, or throws Stripe's idempotency_error. */
  begin(account: string, key: string, endpoint: string, parameters: Json): IdempotencyOutcome {
    this.prune();
    const parametersHash = createHash("sha256").update(canonical(parameters)).digest("hex");
    const existing = this.entries.get(this.slot(account, key));
    if (!existing) {
      this.entries.set(this.slot(account, key), { endpoint, parametersHash, response: null, savedAtMs: this.nowMs() });
      return { kind: "run" };
    }
    if (existing.endpoint !== endpoint) {
      throw new StripeApiError(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${existing.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (existing.parametersHash !== parametersHash) {
      throw new StripeApiError(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (existing.response === null) {
      throw new StripeApiError(409, {
        type: "idempotency_error",
        code: "idempotency_key_in_use",
        message:
          "There is currently another in-progress request using this Stripe API key (that probably means you submitted twice, and the other request is still going through): " +
          key +
          ". Please try again later.",
      });
    }
    return { kind: "replay", response: existing.response };
  }

  save(account: string, key: string, response: StoredResponse): void {
    const entry = this.entries.get(this.slot(account, key));
    if (entry) entry.response = response;
  }

  /** The request never began executing (bad parameters, or a 500): the key stays free. */
  release(account: string, key: string): void {
    const entry = this.entries.get(this.slot(account, key));
    if (entry && entry.response === null) this.entries.delete(this.slot(account, key));
  }
}
