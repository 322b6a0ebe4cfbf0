// Loads published/api-subset.json: Shipmondo's own OpenAPI 3.0.1 document, cut down by
// published/extract.ts to the operations the stand-in serves.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Document } from "openapi-backend";

export function loadPublishedApi(file = path.join(import.meta.dirname, "published", "api-subset.json")): Document {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as Document;
  if (typeof parsed !== "object" || parsed === null || !("paths" in parsed))
    throw new Error(`${file} is not an OpenAPI document`);
  return parsed;
}

/** Where the subset came from (repository, commit, file), as extract.ts recorded it. */
export function publishedSource(document: Document): string {
  const extracted = (document as unknown as { "x-extracted"?: { source?: string } })["x-extracted"];
  return extracted?.source ?? "unknown";
}
