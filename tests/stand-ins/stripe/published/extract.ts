// Refreshes the published material the stand-in validates against and shapes its objects from.
//
//   npx tsx tests/stand-ins/stripe/published/extract.ts <spec3.json> <fixtures3.json> [--spec-source "<text>"] [--fixtures-source "<text>"]
//
// Reads Stripe's OpenAPI spec (openapi/spec3.json of github.com/stripe/openapi) and its example
// objects (openapi/fixtures3.json), and writes beside this file:
// - api-subset.json: for each operation the stand-in serves, its path parameters, its query
//   parameters (as one object schema) and its form body schema, with every `$ref` resolved inline,
//   then the entries of overlay.json that the spec lacks;
// - fixtures.json: the example objects the stand-in's objects start from.
// The whole spec is ~8 MB; the stand-in needs ~2% of it, and a reviewer can read a diff of that.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { cloneJson, isJsonObject, type Json, type JsonObject } from "../json.ts";

/** Every operation the stand-in serves, as "METHOD path" exactly as the spec spells the path. */
export const OPERATIONS = [
  "POST /v1/accounts",
  "GET /v1/accounts/{account}",
  "POST /v1/accounts/{account}",
  "POST /v1/accounts/{account}/external_accounts",
  "POST /v1/checkout/sessions",
  "GET /v1/checkout/sessions/{session}",
  "POST /v1/checkout/sessions/{session}/expire",
  "GET /v1/payment_intents/{intent}",
  "GET /v1/charges/{charge}",
  "POST /v1/refunds",
  "GET /v1/refunds/{refund}",
  "POST /v1/transfers",
  "GET /v1/transfers",
  "GET /v1/transfers/{transfer}",
  "POST /v1/transfers/{id}/reversals",
  "POST /v1/payouts",
  "GET /v1/payouts/{payout}",
  "GET /v1/balance",
  "GET /v1/balance_transactions",
  "GET /v1/disputes/{dispute}",
  "GET /v1/events/{id}",
] as const;

/** The example objects the stand-in's objects are built from (fixtures3.json's `resources`). */
export const FIXTURE_RESOURCES = [
  "account",
  "bank_account",
  "balance",
  "balance_transaction",
  "charge",
  "checkout.session",
  "dispute",
  "event",
  "payment_intent",
  "payout",
  "refund",
  "transfer",
  "transfer_reversal",
] as const;

type OverlayEntry =
  | { op: "addProperty"; at: string; name: string; schema: JsonObject; source: string }
  | { op: "extendEnum"; at: string; values: string[]; source: string };

function readJson(file: string): JsonObject {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Json;
  if (!isJsonObject(parsed)) throw new Error(`${file} is not a JSON object`);
  return parsed;
}

function child(value: Json | undefined, key: string): Json | undefined {
  return isJsonObject(value) ? value[key] : undefined;
}

/** Replaces every `$ref` with a copy of what it points at; a reference cycle becomes `{}` (anything). */
function resolveRefs(schema: Json, spec: JsonObject, seen: string[] = []): Json {
  if (Array.isArray(schema)) return schema.map((item) => resolveRefs(item, spec, seen));
  if (!isJsonObject(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === "string") {
    if (seen.includes(ref)) return {};
    const target = ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<Json | undefined>((node, key) => child(node, key), spec);
    if (target === undefined) throw new Error(`unresolvable $ref ${ref}`);
    return resolveRefs(target, spec, [...seen, ref]);
  }
  const resolved: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) resolved[key] = resolveRefs(value, spec, seen);
  return resolved;
}

function extractOperation(spec: JsonObject, operation: string): JsonObject {
  const [method, apiPath] = operation.split(" ") as [string, string];
  const definition = child(child(spec.paths, apiPath), method.toLowerCase());
  if (!isJsonObject(definition)) throw new Error(`the spec has no ${operation}`);
  const parameters = Array.isArray(definition.parameters) ? definition.parameters.filter(isJsonObject) : [];
  const pathParams: JsonObject = {};
  const queryProperties: JsonObject = {};
  const queryRequired: string[] = [];
  for (const parameter of parameters) {
    const name = String(parameter.name);
    const schema = resolveRefs(parameter.schema ?? {}, spec);
    if (parameter.in === "path") pathParams[name] = schema;
    if (parameter.in === "query") {
      queryProperties[name] = schema;
      if (parameter.required === true) queryRequired.push(name);
    }
  }
  const body = child(child(child(definition.requestBody, "content"), "application/x-www-form-urlencoded"), "schema");
  return {
    operationId: definition.operationId ?? null,
    pathParams,
    query:
      method === "GET"
        ? { type: "object", properties: queryProperties, required: queryRequired, additionalProperties: false }
        : null,
    body: method === "GET" || body === undefined ? null : resolveRefs(body, spec),
  };
}

function pointerTarget(root: JsonObject, pointer: string): JsonObject {
  const target = pointer
    .split("/")
    .filter(Boolean)
    .reduce<Json | undefined>((node, key) => child(node, key), root);
  if (!isJsonObject(target)) throw new Error(`overlay pointer ${pointer} does not reach an object`);
  return target;
}

/** Applies overlay.json: only what the spec lacks, so a current spec always wins. */
function applyOverlay(operations: JsonObject, overlay: Record<string, OverlayEntry[]>): string[] {
  const applied: string[] = [];
  for (const [operation, entries] of Object.entries(overlay)) {
    const body = child(operations[operation], "body");
    if (!isJsonObject(body)) throw new Error(`overlay names ${operation}, which has no body`);
    for (const entry of entries) {
      const target = pointerTarget(body, entry.at);
      if (entry.op === "addProperty") {
        const properties = target.properties;
        if (!isJsonObject(properties)) throw new Error(`${operation} ${entry.at} has no properties`);
        if (properties[entry.name] !== undefined) continue;
        properties[entry.name] = entry.schema;
        applied.push(`${operation}: added ${entry.name} (${entry.source})`);
      } else {
        const values = Array.isArray(target.enum) ? target.enum : null;
        if (values === null) continue; // the spec no longer restricts the values: nothing to extend
        const missing = entry.values.filter((value) => !values.includes(value));
        if (missing.length === 0) continue;
        target.enum = [...values, ...missing];
        applied.push(`${operation}: enum at ${entry.at} gained ${missing.join(", ")} (${entry.source})`);
      }
    }
  }
  return applied;
}

/** Writes JSON as the repository's Prettier lays it out, so a refresh diffs cleanly and CI's format check passes. */
async function writeJson(file: string, value: unknown): Promise<void> {
  const config = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(value), { ...config, filepath: file }));
}

function option(args: string[], name: string): string | null {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? null) : null;
}

async function main(args: string[]) {
  const [specFile, fixturesFile] = args.filter(
    (arg, index) => !arg.startsWith("--") && !args[index - 1]?.startsWith("--"),
  );
  if (!specFile || !fixturesFile) {
    throw new Error("usage: extract.ts <spec3.json> <fixtures3.json> [--spec-source text] [--fixtures-source text]");
  }
  const here = import.meta.dirname;
  const spec = readJson(specFile);
  const fixtures = readJson(fixturesFile);
  const overlay = readJson(path.join(here, "overlay.json")).operations as unknown as Record<string, OverlayEntry[]>;

  const operations: JsonObject = {};
  for (const operation of OPERATIONS) operations[operation] = extractOperation(spec, operation);
  const applied = applyOverlay(operations, overlay);

  const info = isJsonObject(spec.info) ? spec.info : {};
  await writeJson(path.join(here, "api-subset.json"), {
    source: option(args, "--spec-source") ?? path.basename(specFile),
    apiVersion: info.version ?? null,
    overlayApplied: applied,
    operations,
  });

  const resources = fixtures.resources;
  if (!isJsonObject(resources)) throw new Error(`${fixturesFile} has no resources`);
  const chosen: JsonObject = {};
  for (const name of FIXTURE_RESOURCES) {
    if (resources[name] === undefined) throw new Error(`fixtures lack ${name}`);
    chosen[name] = cloneJson(resources[name]);
  }
  await writeJson(path.join(here, "fixtures.json"), {
    source: option(args, "--fixtures-source") ?? path.basename(fixturesFile),
    resources: chosen,
  });
  console.log(`wrote ${OPERATIONS.length} operations and ${FIXTURE_RESOURCES.length} fixtures`);
  for (const line of applied) console.log(`overlay: ${line}`);
}

await main(process.argv.slice(2));
