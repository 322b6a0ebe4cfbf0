// Loads published/api-subset.json: the schemas of the operations the stand-in serves, as
// published/extract.ts took them from Stripe's OpenAPI spec.
import { readFileSync } from "node:fs";
import path from "node:path";
import { isJsonObject, type Json, type JsonObject } from "./json.ts";

export interface PublishedOperation {
  operationId: string | null;
  pathParams: JsonObject;
  /** GET: the query parameters as one object schema. */
  query: JsonObject | null;
  /** POST: the form body schema. */
  body: JsonObject | null;
}

export interface PublishedApi {
  source: string;
  apiVersion: string | null;
  operations: Record<string, PublishedOperation>;
}

export function loadPublishedApi(file = path.join(import.meta.dirname, "published", "api-subset.json")): PublishedApi {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Json;
  if (!isJsonObject(parsed) || !isJsonObject(parsed.operations)) throw new Error(`${file} is not an API subset`);
  const operations: Record<string, PublishedOperation> = {};
  for (const [key, value] of Object.entries(parsed.operations)) {
    if (!isJsonObject(value)) continue;
    operations[key] = {
      operationId: typeof value.operationId === "string" ? value.operationId : null,
      pathParams: isJsonObject(value.pathParams) ? value.pathParams : {},
      query: isJsonObject(value.query) ? value.query : null,
      body: isJsonObject(value.body) ? value.body : null,
    };
  }
  return {
    source: String(parsed.source),
    apiVersion: typeof parsed.apiVersion === "string" ? parsed.apiVersion : null,
    operations,
  };
}
