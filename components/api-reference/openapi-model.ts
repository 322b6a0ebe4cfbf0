// Reads the OpenAPI 3.1 document (as `unknown`) into the small model the reference page renders.
import { isRecord, readString, toSchema, type JsonSchema } from "./json-schema.ts";

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface ApiContent {
  contentType: string;
  schema: JsonSchema;
}

export interface ApiRequestBody {
  required: boolean;
  description?: string;
  content?: ApiContent;
}

export interface ApiResponse {
  status: string;
  description: string;
  content?: ApiContent;
}

export interface ApiOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  deprecated: boolean;
  parameters: ApiParameter[];
  requestBody?: ApiRequestBody;
  responses: ApiResponse[];
}

export interface ApiTag {
  name: string;
  description?: string;
}

export interface ApiDocument {
  title: string;
  version: string;
  openapi: string;
  description?: string;
  baseUrl: string;
  tags: ApiTag[];
  operations: ApiOperation[];
  /** The 3.1 `webhooks` section: one POST per event, `path` holding the event name. */
  webhooks: ApiOperation[];
  schemas: Record<string, JsonSchema>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** Follows a local `$ref` such as `#/components/parameters/X` inside the raw document. */
function deref(root: Record<string, unknown>, value: unknown): Record<string, unknown> {
  const node = record(value);
  const ref = readString(node.$ref);
  if (!ref?.startsWith("#/")) return node;
  let target: unknown = root;
  for (const part of ref.slice(2).split("/")) target = record(target)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  return record(target);
}

function readContent(value: unknown): ApiContent | undefined {
  const entries = Object.entries(record(value));
  const [contentType, media] = entries.find(([type]) => type.includes("json")) ?? entries[0] ?? [];
  if (contentType === undefined) return undefined;
  return { contentType, schema: toSchema(record(media).schema) };
}

function readParameters(root: Record<string, unknown>, value: unknown): ApiParameter[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const node = deref(root, raw);
    return {
      name: readString(node.name) ?? "",
      in: readString(node.in) ?? "query",
      required: node.required === true,
      deprecated: node.deprecated === true,
      description: readString(node.description),
      schema: toSchema(node.schema),
    };
  });
}

function readOperation(
  root: Record<string, unknown>,
  path: string,
  method: string,
  raw: unknown,
  shared: ApiParameter[],
): ApiOperation {
  const node = record(raw);
  const own = readParameters(root, node.parameters);
  const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
  const body = node.requestBody === undefined ? undefined : deref(root, node.requestBody);
  const responses = Object.entries(record(node.responses)).map(([status, response]) => {
    const resolved = deref(root, response);
    return { status, description: readString(resolved.description) ?? "", content: readContent(resolved.content) };
  });
  const operationId = readString(node.operationId) ?? `${method}${path}`.replace(/[^A-Za-z0-9]+/g, "-");
  return {
    method: method.toUpperCase(),
    path,
    operationId,
    summary: readString(node.summary) ?? `${method.toUpperCase()} ${path}`,
    description: readString(node.description),
    tags: Array.isArray(node.tags) ? node.tags.filter((tag): tag is string => typeof tag === "string") : [],
    deprecated: node.deprecated === true,
    parameters,
    requestBody: body && {
      required: body.required === true,
      description: readString(body.description),
      content: readContent(body.content),
    },
    responses,
  };
}

function readPathItems(root: Record<string, unknown>, items: unknown): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, rawItem] of Object.entries(record(items))) {
    const item = record(rawItem);
    const shared = readParameters(root, item.parameters);
    for (const method of METHODS) {
      if (item[method] !== undefined) operations.push(readOperation(root, path, method, item[method], shared));
    }
  }
  return operations;
}

export function readDocument(raw: unknown): ApiDocument {
  const root = record(raw);
  const info = record(root.info);
  const components = record(root.components);
  const firstServer = Array.isArray(root.servers) ? record(root.servers[0]) : {};
  const tags = Array.isArray(root.tags)
    ? root.tags.map((tag) => ({
        name: readString(record(tag).name) ?? "",
        description: readString(record(tag).description),
      }))
    : [];
  return {
    title: readString(info.title) ?? "API reference",
    version: readString(info.version) ?? "",
    openapi: readString(root.openapi) ?? "3.1.0",
    description: readString(info.description),
    baseUrl: readString(firstServer.url) ?? "/",
    tags: tags.filter((tag) => tag.name !== ""),
    operations: readPathItems(root, root.paths),
    webhooks: readPathItems(root, root.webhooks),
    schemas: Object.fromEntries(
      Object.entries(record(components.schemas)).map(([name, schema]) => [name, toSchema(schema)]),
    ),
  };
}

export interface TagGroup {
  tag: ApiTag;
  operations: ApiOperation[];
}

/** Operations grouped by their first tag, in the order of the document's `tags`, untagged last. */
export function groupByTag(document: ApiDocument): TagGroup[] {
  const names = [...document.tags.map((tag) => tag.name)];
  for (const operation of document.operations) {
    const name = operation.tags[0] ?? "Other";
    if (!names.includes(name)) names.push(name);
  }
  return names
    .map((name) => ({
      tag: document.tags.find((tag) => tag.name === name) ?? { name },
      operations: document.operations.filter((operation) => (operation.tags[0] ?? "Other") === name),
    }))
    .filter((group) => group.operations.length > 0);
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
