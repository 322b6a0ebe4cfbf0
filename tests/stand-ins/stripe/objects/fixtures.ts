// Stripe's own example objects (published/fixtures.json, from fixtures3.json): every object the
// stand-in returns starts as a copy of one, so fields the stand-in does not model still come back
// in Stripe's shape. Builders then overwrite every field whose example value would mislead (ids,
// amounts, statuses, and example placeholders such as a transfer_data pointing at "obj_123").
import { readFileSync } from "node:fs";
import path from "node:path";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../json.ts";

export type FixtureName =
  | "account"
  | "bank_account"
  | "balance"
  | "balance_transaction"
  | "charge"
  | "checkout.session"
  | "dispute"
  | "event"
  | "payment_intent"
  | "payout"
  | "refund"
  | "transfer"
  | "transfer_reversal";

let loaded: JsonObject | null = null;

function resources(): JsonObject {
  if (loaded) return loaded;
  const file = path.join(import.meta.dirname, "..", "published", "fixtures.json");
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Json;
  if (!isJsonObject(parsed) || !isJsonObject(parsed.resources)) throw new Error(`${file} has no resources`);
  loaded = parsed.resources;
  return loaded;
}

/** A fresh copy of Stripe's example `name`, with `overrides` laid over it. */
export function fromFixture<T extends object>(name: FixtureName, overrides: Partial<T>): T {
  const example = resources()[name];
  if (!isJsonObject(example)) throw new Error(`no fixture ${name}`);
  return { ...(cloneJson(example) as unknown as T), ...overrides };
}
