// Reading validated parameters (JSON after validation.ts) with the types the handlers need.
import { invalidRequest } from "./errors.ts";
import { isJsonObject, type Json, type JsonObject } from "./json.ts";

export function optionalString(params: JsonObject, name: string): string | null {
  const value = params[name];
  return typeof value === "string" && value !== "" ? value : null;
}

export function requiredString(params: JsonObject, name: string): string {
  const value = optionalString(params, name);
  if (value === null)
    throw invalidRequest(`Missing required param: ${name}.`, { code: "parameter_missing", param: name });
  return value;
}

export function optionalInteger(params: JsonObject, name: string): number | null {
  const value = params[name];
  return typeof value === "number" ? value : null;
}

export function optionalObject(params: JsonObject, name: string): JsonObject | null {
  const value = params[name];
  return isJsonObject(value) ? value : null;
}

/** Stripe's metadata: string values; on update a key set to "" is removed, and `metadata=""` clears all. */
export function mergeMetadata(current: Record<string, string>, update: Json | undefined): Record<string, string> {
  if (update === undefined) return current;
  if (update === "") return {};
  const merged = { ...current };
  if (isJsonObject(update)) {
    for (const [key, value] of Object.entries(update)) {
      if (value === "") delete merged[key];
      else merged[key] = String(value);
    }
  }
  return merged;
}

export function positiveAmount(params: JsonObject, name = "amount"): number | null {
  const amount = optionalInteger(params, name);
  if (amount !== null && amount < 1) {
    throw invalidRequest("This value must be greater than or equal to 1.", { param: name });
  }
  return amount;
}

/** "60.00 DKK", for the messages Stripe words with amounts. */
export function formatAmount(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}
