// A loose, typed view of the JSON Schema subset that OpenAPI 3.1 documents use, read from `unknown`.

export interface JsonSchema {
  $ref?: string;
  /** Always an array here; `["string", "null"]` for a nullable string. */
  type?: string[];
  title?: string;
  description?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function readNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function readBoolean(value: unknown): boolean | undefined {
  return typeof value === "boolean" ? value : undefined;
}

function readSchemaList(value: unknown): JsonSchema[] | undefined {
  return Array.isArray(value) ? value.map(toSchema) : undefined;
}

function readType(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string");
  return undefined;
}

function readProperties(value: unknown): Record<string, JsonSchema> | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, toSchema(schema)]));
}

/** Reads a JSON Schema object, keeping only the keywords the reference page shows. */
export function toSchema(raw: unknown): JsonSchema {
  if (!isRecord(raw)) return {};
  const schema: JsonSchema = {
    $ref: readString(raw.$ref),
    type: readType(raw.type),
    title: readString(raw.title),
    description: readString(raw.description),
    format: readString(raw.format),
    pattern: readString(raw.pattern),
    minLength: readNumber(raw.minLength),
    maxLength: readNumber(raw.maxLength),
    minimum: readNumber(raw.minimum),
    maximum: readNumber(raw.maximum),
    exclusiveMinimum: readNumber(raw.exclusiveMinimum),
    exclusiveMaximum: readNumber(raw.exclusiveMaximum),
    multipleOf: readNumber(raw.multipleOf),
    minItems: readNumber(raw.minItems),
    maxItems: readNumber(raw.maxItems),
    enum: Array.isArray(raw.enum) ? raw.enum : undefined,
    const: raw.const,
    default: raw.default,
    example: raw.example ?? (Array.isArray(raw.examples) ? raw.examples[0] : undefined),
    nullable: readBoolean(raw.nullable),
    deprecated: readBoolean(raw.deprecated),
    readOnly: readBoolean(raw.readOnly),
    writeOnly: readBoolean(raw.writeOnly),
    properties: readProperties(raw.properties),
    required: Array.isArray(raw.required)
      ? raw.required.filter((name): name is string => typeof name === "string")
      : undefined,
    items: isRecord(raw.items) ? toSchema(raw.items) : undefined,
    additionalProperties:
      typeof raw.additionalProperties === "boolean"
        ? raw.additionalProperties
        : isRecord(raw.additionalProperties)
          ? toSchema(raw.additionalProperties)
          : undefined,
    anyOf: readSchemaList(raw.anyOf),
    oneOf: readSchemaList(raw.oneOf),
    allOf: readSchemaList(raw.allOf),
  };
  // Drop absent keywords so that spreading one schema over another never erases values.
  return Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)) as JsonSchema;
}
