// The API's operations as the served OpenAPI document describes them (GET /api/v1/openapi.json,
// built in-process), each with its real route handler and an ajv validator of its success body.
// The fuzz tests and the tenant-isolation matrix walk this list, so a new operation is covered
// without editing them.
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { GET as servedDocument } from "../../app/api/v1/openapi.json/route.ts";
import type { callRoute } from "./call-route.ts";

export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
};

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
}

export interface DocumentedOperation {
  operationId: string;
  method: string;
  /** The OpenAPI path, `/v1/…/{tradeId}`. */
  path: string;
  tags: string[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: Schema | null;
  successStatus: number;
  /** Every status the document lists for this operation. */
  documentedStatuses: number[];
  handler: Parameters<typeof callRoute>[0];
  /** The media types of the success answer other than JSON: a file operation's (an export's). */
  fileTypes: string[];
  /** Validates a success body against the document's response schema (null for 204 and files). */
  validateResponse: ValidateFunction | null;
  validateErrorRecord: ValidateFunction;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        tags?: string[];
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

let loaded: Promise<{ document: OpenApiDocument; operations: DocumentedOperation[] }> | null = null;

export function documentedOperations() {
  loaded ??= load();
  return loaded;
}

async function load() {
  const document = (await servedDocument().json()) as OpenApiDocument;
  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` is OpenAPI's own annotation.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi.json", components: document.components });
  const compile = (schema: Schema) => ajv.compile({ ...rewriteRefs(schema) });
  const errorRecord = compile({ $ref: "#/components/schemas/ErrorRecord" });

  const operations: DocumentedOperation[] = [];
  for (const [apiPath, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const statuses = Object.keys(operation.responses).map(Number);
      const successStatus = statuses.find((s) => s < 300)!;
      const success = operation.responses[String(successStatus)]?.content?.["application/json"]?.schema;
      const parameters = operation.parameters ?? [];
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: apiPath,
        tags: operation.tags ?? [],
        pathParams: parameters.filter((p) => p.in === "path"),
        queryParams: parameters.filter((p) => p.in === "query"),
        body: operation.requestBody?.content["application/json"]?.schema ?? null,
        successStatus,
        documentedStatuses: statuses,
        handler: await handlerFor(method.toUpperCase(), apiPath),
        fileTypes: Object.keys(operation.responses[String(successStatus)]?.content ?? {}).filter(
          (type) => type !== "application/json",
        ),
        validateResponse: success ? compile(success) : null,
        validateErrorRecord: errorRecord,
      });
    }
  }
  return { document, operations };
}

/** `#/components/schemas/X` → `openapi.json#/components/schemas/X`, so ajv finds the shared schemas. */
function rewriteRefs(schema: unknown): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"openapi.json#/')) as Schema;
}

/** Next's file routing: `/v1/users/{u}` lives in `app/api/v1/users/[u]/route.ts`. */
async function handlerFor(method: string, apiPath: string) {
  const file = path.join(process.cwd(), "app/api", apiPath.replace(/\{([^}]+)\}/g, "[$1]"), "route.ts");
  const routeModule = (await import(file)) as Record<string, Parameters<typeof callRoute>[0]>;
  const handler = routeModule[method];
  if (!handler) throw new Error(`${file} does not export ${method}`);
  return handler;
}

/** The concrete request path for the given path parameter values. */
export function concretePath(operation: DocumentedOperation, params: Record<string, string>): string {
  // The params travel as given; the URL only needs to be valid, so lone surrogates become U+FFFD in it.
  const encode = (value: string) =>
    encodeURIComponent(
      value.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => (isPaired(all, i) ? c : "\ufffd")),
    );
  return `/api${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(params[name] ?? ""))}`;
}

function isPaired(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code <= 0xdbff) return (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
  return index > 0 && (text.charCodeAt(index - 1) & 0xfc00) === 0xd800;
}

export function resolveRef(document: { components: { schemas: Record<string, Schema> } }, schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.split("/").pop()!;
    const target = document.components.schemas[name];
    if (!target) throw new Error(`unknown $ref ${current.$ref}`);
    const { $ref: _ref, ...rest } = current; // siblings of $ref (description) are kept
    current = { ...target, ...rest };
  }
  return current;
}
