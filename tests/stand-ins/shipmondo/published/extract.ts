// Refreshes the published material the Shipmondo stand-in validates requests against.
//
//   npx tsx tests/stand-ins/shipmondo/published/extract.ts <openapi.json> --source "<repository, commit, file>"
//
// Reads Shipmondo's OpenAPI 3.0.1 document (openapi.json of github.com/shipmondo/shipmondo-cli, the
// copy of https://app.shipmondo.com/api/public/v3/openapi.json the CLI is built from) and writes
// api-subset.json beside this file: a smaller OpenAPI 3.0.1 document with only the operations the
// stand-in serves and the components they reach, so that openapi-backend can load it as it is and a
// reviewer can read a diff of it (the whole document is ~400 KB; the subset a fraction of that).
//
// Two repairs, both places where Shipmondo's 3.0.1 document uses OpenAPI 3.1 (JSON Schema) spelling
// that a 3.0 validator refuses (openapi-backend will not load the document otherwise), each turned
// into the 3.0 spelling of the same meaning and listed under `x-extracted` in the output:
// - `type: ["string", "null"]` becomes `type: "string", nullable: true` (none of the schemas these
//   operations reach has one today; Item, SalesOrder* and SalesOrderRefund/Void do);
// - a `$ref` with sibling keywords (`{ "$ref": "…/DeclaredValue", "nullable": true }` in Parcel),
//   where 3.0 ignores the siblings and its schema forbids them, becomes
//   `{ "type": "object", "nullable": true, "allOf": [{ "$ref": "…/DeclaredValue" }] }` (the type
//   copied from the referenced schema: 3.0's `nullable` means nothing without one).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { isJsonObject, type Json, type JsonObject } from "../../stripe/json.ts";

/** Every operation the stand-in serves, as "METHOD path" exactly as the document spells the path. */
export const OPERATIONS = [
  "POST /quotes/list",
  "GET /shipments",
  "POST /shipments",
  "GET /shipments/{id}",
  "GET /shipments/{id}/labels",
  "PUT /shipments/{id}/cancel",
  "GET /webhooks",
  "POST /webhooks",
] as const;

function readJson(file: string): JsonObject {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Json;
  if (!isJsonObject(parsed)) throw new Error(`${file} is not a JSON object`);
  return parsed;
}

/** Every "#/components/<section>/<name>" the node refers to, followed through the components. */
function collectRefs(node: Json, document: JsonObject, found: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((item) => collectRefs(item, document, found));
  if (!isJsonObject(node)) return;
  const ref = node.$ref;
  if (typeof ref === "string" && !found.has(ref)) {
    found.add(ref);
    collectRefs(componentAt(document, ref), document, found);
  }
  for (const value of Object.values(node)) collectRefs(value, document, found);
}

function componentAt(document: JsonObject, ref: string): Json {
  const [, section, name] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref) ?? [];
  const sectionNode = isJsonObject(document.components) ? document.components[section ?? ""] : undefined;
  const target = isJsonObject(sectionNode) ? sectionNode[name ?? ""] : undefined;
  if (target === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return target;
}

/** The two 3.1 spellings above, rewritten in place; each repaired node's JSON pointer is pushed to `repaired`. */
function tightenTo30(node: Json, pointer: string, repaired: string[], root: JsonObject): void {
  if (Array.isArray(node))
    return node.forEach((item, index) => tightenTo30(item, `${pointer}/${index}`, repaired, root));
  if (!isJsonObject(node)) return;
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => type !== "null");
    const [only] = types;
    if (types.length !== 1 || typeof only !== "string") {
      throw new Error(`${pointer}: cannot say ${JSON.stringify(node.type)} in OpenAPI 3.0`);
    }
    if (types.length < node.type.length) node.nullable = true;
    node.type = only;
    repaired.push(pointer);
  }
  if (typeof node.$ref === "string" && Object.keys(node).length > 1) {
    const { $ref, ...siblings } = node;
    for (const key of Object.keys(node)) delete node[key];
    const target = componentAt(root, String($ref));
    const type = isJsonObject(target) && typeof target.type === "string" ? { type: target.type } : {};
    Object.assign(node, type, siblings, { allOf: [{ $ref }] });
    repaired.push(pointer);
  }
  for (const [key, value] of Object.entries(node)) tightenTo30(value, `${pointer}/${key}`, repaired, root);
}

export function extractSubset(document: JsonObject, source: string): JsonObject {
  const paths: JsonObject = {};
  for (const operation of OPERATIONS) {
    const [method, apiPath] = operation.split(" ") as [string, string];
    const pathItem = isJsonObject(document.paths) ? document.paths[apiPath] : undefined;
    const definition = isJsonObject(pathItem) ? pathItem[method.toLowerCase()] : undefined;
    if (!isJsonObject(definition)) throw new Error(`the document has no ${operation}`);
    const item = isJsonObject(paths[apiPath]) ? paths[apiPath] : {};
    item[method.toLowerCase()] = definition;
    paths[apiPath] = item;
  }
  const refs = new Set<string>();
  collectRefs(paths, document, refs);
  const components: Record<string, JsonObject> = {};
  for (const ref of [...refs].sort()) {
    const [, section = "", name = ""] = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref) ?? [];
    components[section] ??= {};
    components[section][name] = componentAt(document, ref);
  }
  const securitySchemes = isJsonObject(document.components) ? document.components.securitySchemes : undefined;
  if (!isJsonObject(securitySchemes) || !isJsonObject(securitySchemes.basicAuth))
    throw new Error("no basicAuth scheme");
  components.securitySchemes = { basicAuth: securitySchemes.basicAuth };

  const subset: JsonObject = {
    openapi: document.openapi ?? null,
    info: document.info ?? null,
    servers: document.servers ?? [],
    "x-extracted": { source, operations: [...OPERATIONS], repairs3_0: [] },
    paths,
    components,
  };
  const repaired: string[] = [];
  tightenTo30(subset, "#", repaired, subset);
  (subset["x-extracted"] as JsonObject).repairs3_0 = repaired;
  return subset;
}

/** Writes JSON as the repository's Prettier lays it out, so a refresh diffs cleanly and CI's format check passes. */
async function writeJson(file: string, value: unknown): Promise<void> {
  const config = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(JSON.stringify(value), { ...config, filepath: file }));
}

async function main(args: string[]) {
  const sourceIndex = args.indexOf("--source");
  const source = sourceIndex >= 0 ? args[sourceIndex + 1] : undefined;
  const file = args.find((arg, index) => !arg.startsWith("--") && index !== sourceIndex + 1);
  if (!file || !source) throw new Error('usage: extract.ts <openapi.json> --source "<repository, commit, file>"');
  const subset = extractSubset(readJson(file), source);
  await writeJson(path.join(import.meta.dirname, "api-subset.json"), subset);
  const extracted = subset["x-extracted"] as JsonObject;
  console.log(`wrote ${OPERATIONS.length} operations; 3.0 repairs: ${JSON.stringify(extracted.repairs3_0)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main(process.argv.slice(2));
}
