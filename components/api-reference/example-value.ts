// Builds an example JSON value from a schema: its example, const, enum or default, else a placeholder.
import type { JsonSchema } from "./json-schema.ts";
import { resolve, type Schemas } from "./resolve-schema.ts";

const EXAMPLE_DEPTH = 6;

function placeholder(schema: JsonSchema): unknown {
  const type = (schema.type ?? []).find((entry) => entry !== "null");
  if (type === "integer" || type === "number")
    return schema.minimum !== undefined && schema.minimum > -Number.MAX_SAFE_INTEGER ? schema.minimum : 0;
  if (type === "boolean") return false;
  if (schema.format === "date-time") return "2025-01-31T12:00:00Z";
  if (schema.format === "date") return "2025-01-31";
  if (schema.format === "uuid") return "3fa85f64-5717-4562-b3fc-2c963f66afa6";
  return "string";
}

export function exampleValue(
  input: JsonSchema,
  schemas: Schemas,
  depth = 0,
  seen: ReadonlySet<string> = new Set(),
): unknown {
  const { schema, name } = resolve(input, schemas);
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (depth >= EXAMPLE_DEPTH || (name !== undefined && seen.has(name)))
    return schema.items ? [] : schema.properties ? {} : null;
  const nextSeen = name ? new Set([...seen, name]) : seen;
  const union = (schema.oneOf ?? schema.anyOf)?.filter(
    (option) => !(option.type?.length === 1 && option.type[0] === "null"),
  );
  if (union?.[0]) return exampleValue({ ...union[0], description: undefined }, schemas, depth, nextSeen);
  if (schema.items || schema.type?.includes("array"))
    return [exampleValue(schema.items ?? {}, schemas, depth + 1, nextSeen)];
  const parts = [schema, ...(schema.allOf ?? []).map((part) => resolve(part, schemas).schema)];
  const properties = parts.flatMap((part) => Object.entries(part.properties ?? {}));
  if (properties.length > 0 || schema.type?.includes("object")) {
    return Object.fromEntries(
      properties
        .filter(([, property]) => !property.deprecated)
        .map(([key, property]) => [key, exampleValue(property, schemas, depth + 1, nextSeen)]),
    );
  }
  return placeholder(schema);
}
