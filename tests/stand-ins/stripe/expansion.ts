// `expand[]`: replaces an id in a response with the object it names, along dotted paths
// (`payment_intent.latest_charge`), and inside lists with `data.` (`data.source`). As on Stripe,
// only an object the caller may see is expanded, at most four levels deep, and asking to expand
// a field that is not an expandable id is refused.
import { invalidRequest } from "./errors.ts";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "./json.ts";
import type { StandInState } from "./state.ts";

const MAX_DEPTH = 4;

function expandPath(state: StandInState, account: string, node: JsonObject, path: string[], whole: string): void {
  const [field, ...rest] = path;
  if (field === undefined) return;
  const value = node[field];
  if (value === undefined) throw invalidRequest(`This property cannot be expanded (${whole}).`, { param: "expand" });
  if (value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) if (isJsonObject(item)) expandPath(state, account, item, rest, whole);
    return;
  }
  if (typeof value === "string") {
    const found = state.findAny(value);
    const visible = found && (found.owner === account || value.startsWith("acct_"));
    if (!visible) throw invalidRequest(`This property cannot be expanded (${whole}).`, { param: "expand" });
    const expanded = cloneJson(found.object) as unknown as JsonObject;
    node[field] = expanded;
    expandPath(state, account, expanded, rest, whole);
    return;
  }
  if (isJsonObject(value)) expandPath(state, account, value, rest, whole);
}

/** A copy of `object` with the requested fields expanded. */
export function expand(state: StandInState, account: string, object: object, paths: readonly string[]): Json {
  const copy = cloneJson(object) as unknown as JsonObject;
  for (const whole of paths) {
    const path = whole.split(".");
    if (path.length > MAX_DEPTH) {
      throw invalidRequest(`You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${whole}`, {
        param: "expand",
      });
    }
    expandPath(state, account, copy, path, whole);
  }
  return copy;
}
