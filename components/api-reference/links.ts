// Where each part of the reference lives. /docs is the index; every operation, webhook event and
// schema has a page of its own, so that the index stays small enough for a phone (issue 18).
// The anchors the one-page reference had (/docs#getTrades, /docs#schema-Trade, /docs#errors) are
// the ids of the index's entries, which forward to these pages (legacy-anchors.tsx).
import { slug } from "./openapi-model.ts";

export const DOCS_HREF = "/docs";
export const ERRORS_HREF = "/docs/errors";
export const SPEC_HREF = "/api/v1/openapi.json";

export function operationHref(operationId: string): string {
  return `/docs/operations/${encodeURIComponent(operationId)}`;
}

export function webhookHref(event: string): string {
  return `/docs/webhooks/${encodeURIComponent(event)}`;
}

export function schemaHref(name: string): string {
  return `/docs/schemas/${encodeURIComponent(name)}`;
}

/** The anchor a schema had on the one-page reference, now the id of its index entry. */
export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

export function tagAnchor(tag: string): string {
  return `tag-${slug(tag)}`;
}
