// The reference pages' model of the app's own OpenAPI document. The document is built once per
// process (lib/api/openapi.ts), so its model is read once too.
import { readDocument, type ApiDocument } from "@/components/api-reference/openapi-model.ts";
import { openApiDocument } from "@/lib/api/openapi.ts";

let model: ApiDocument | undefined;

export function referenceDocument(): ApiDocument {
  model ??= readDocument(openApiDocument());
  return model;
}
