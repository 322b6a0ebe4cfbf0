// Turns one JSON Schema into what a row of the field table shows: type label, constraints, children.
import type { JsonSchema } from "./json-schema.ts";

export type Schemas = Record<string, JsonSchema>;

export interface Field {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export type SchemaChildren =
  | { kind: "fields"; fields: Field[] }
  | { kind: "alternatives"; label: string; options: JsonSchema[] }
  | { kind: "none" };

export interface SchemaSummary {
  /** "string", "integer", "object", "array", "string | number", "one of" … */
  type: string;
  /** The component behind a `$ref` (of the value, or of the array items). */
  refName?: string;
  isArray: boolean;
  nullable: boolean;
  deprecated: boolean;
  description?: string;
  format?: string;
  pattern?: string;
  /** Ranges and limits, already worded: "length 1–64", "≥ 0". */
  limits: string[];
  /** Allowed values from `enum`, `const` or a union of literals. */
  values?: unknown[];
  defaultValue?: unknown;
  example?: unknown;
  children: SchemaChildren;
}

const REF_PREFIX = "#/components/schemas/";
const SAFE = Number.MAX_SAFE_INTEGER;

export function refName(schema: JsonSchema): string | undefined {
  return schema.$ref?.startsWith(REF_PREFIX) ? decodeURIComponent(schema.$ref.slice(REF_PREFIX.length)) : undefined;
}

/** Replaces a `$ref` with its component; keywords next to the `$ref` (description…) win. */
export function resolve(schema: JsonSchema, schemas: Schemas): { schema: JsonSchema; name?: string } {
  const name = refName(schema);
  if (name === undefined) return { schema };
  const siblings = Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$ref"));
  return { schema: { ...(schemas[name] ?? {}), ...siblings }, name };
}

const isNull = (schema: JsonSchema) => schema.type?.length === 1 && schema.type[0] === "null";

function isLiteral(schema: JsonSchema): boolean {
  return (
    schema.$ref === undefined &&
    (schema.const !== undefined || schema.enum !== undefined) &&
    !schema.properties &&
    !schema.anyOf &&
    !schema.oneOf
  );
}

function range(label: string, min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `${label} ${min}` : `${label} ${min}–${max}`;
  if (min !== undefined) return `${label} ≥ ${min}`;
  if (max !== undefined) return `${label} ≤ ${max}`;
  return undefined;
}

function limits(schema: JsonSchema): string[] {
  const minimum = schema.minimum !== undefined && schema.minimum > -SAFE ? schema.minimum : undefined;
  const maximum = schema.maximum !== undefined && schema.maximum < SAFE ? schema.maximum : undefined;
  return [
    range("length", schema.minLength, schema.maxLength),
    range("value", minimum, maximum),
    schema.exclusiveMinimum !== undefined ? `value > ${schema.exclusiveMinimum}` : undefined,
    schema.exclusiveMaximum !== undefined ? `value < ${schema.exclusiveMaximum}` : undefined,
    schema.multipleOf !== undefined ? `multiple of ${schema.multipleOf}` : undefined,
    range("items", schema.minItems, schema.maxItems),
    schema.readOnly ? "read-only" : undefined,
    schema.writeOnly ? "write-only" : undefined,
  ].filter((text): text is string => text !== undefined);
}

function baseSummary(schema: JsonSchema, types: string[]): SchemaSummary {
  const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
  return {
    type: types.length > 0 ? types.join(" | ") : schema.properties ? "object" : values ? "value" : "any",
    isArray: false,
    nullable: schema.nullable === true,
    deprecated: schema.deprecated === true,
    description: schema.description,
    format: schema.format,
    pattern: schema.pattern,
    limits: limits(schema),
    values,
    defaultValue: schema.default,
    example: schema.example,
    children: { kind: "none" },
  };
}

function objectFields(schema: JsonSchema, schemas: Schemas): Field[] {
  const parts = [schema, ...(schema.allOf ?? []).map((part) => resolve(part, schemas).schema)];
  const fields: Field[] = [];
  for (const part of parts) {
    for (const [name, property] of Object.entries(part.properties ?? {})) {
      if (!fields.some((field) => field.name === name)) fields.push({ name, required: false, schema: property });
    }
    for (const field of fields) if (part.required?.includes(field.name)) field.required = true;
  }
  return fields;
}

/** Keywords of an outer schema (description, deprecated, nullable) laid over its inner summary. */
function overlay(inner: SchemaSummary, outer: JsonSchema, nullable: boolean, name?: string): SchemaSummary {
  return {
    ...inner,
    refName: name ?? inner.refName,
    nullable: nullable || inner.nullable,
    deprecated: outer.deprecated === true || inner.deprecated,
    description: outer.description ?? inner.description,
    defaultValue: outer.default ?? inner.defaultValue,
    example: outer.example ?? inner.example,
    limits: [...limits(outer), ...inner.limits.filter((text) => !limits(outer).includes(text))],
  };
}

export function summarize(input: JsonSchema, schemas: Schemas): SchemaSummary {
  const { schema, name } = resolve(input, schemas);
  const types = (schema.type ?? []).filter((type) => type !== "null");
  const typeNullable = (schema.type ?? []).includes("null");
  const union = schema.oneOf ?? schema.anyOf;

  if (union && union.length > 0) {
    const options = union.filter((option) => !isNull(option));
    const nullable = typeNullable || options.length < union.length || schema.nullable === true;
    const outer: JsonSchema = { ...schema, anyOf: undefined, oneOf: undefined, type: undefined };
    if (options.length === 1 && options[0]) return overlay(summarize(options[0], schemas), outer, nullable, name);
    const flattened = options.flatMap(
      (option) => (!option.$ref && !option.properties && (option.anyOf ?? option.oneOf)) || [option],
    );
    if (flattened.length > 0 && flattened.every(isLiteral)) {
      const literalTypes = [...new Set(flattened.flatMap((option) => option.type ?? []))];
      const values = flattened.flatMap((option) => option.enum ?? [option.const]);
      return overlay({ ...baseSummary(outer, literalTypes), values }, outer, nullable, name);
    }
    const label = schema.oneOf ? "one of" : "any of";
    return {
      ...baseSummary(outer, []),
      type: label,
      refName: name,
      nullable,
      children: { kind: "alternatives", label, options },
    };
  }

  const summary: SchemaSummary = {
    ...baseSummary(schema, types),
    refName: name,
    nullable: typeNullable || schema.nullable === true,
  };
  if (types.includes("array") || (types.length === 0 && schema.items)) {
    const items = summarize(schema.items ?? {}, schemas);
    return {
      ...summary,
      type: `array of ${items.refName ?? items.type}`,
      refName: name ?? items.refName,
      isArray: true,
      values: summary.values ?? items.values,
      limits: [...summary.limits, ...items.limits.map((text) => `each: ${text}`)],
      children: items.children,
    };
  }
  const fields = objectFields(schema, schemas);
  if (fields.length > 0 || schema.allOf)
    return { ...summary, type: types.length > 0 ? summary.type : "object", children: { kind: "fields", fields } };
  return summary;
}
