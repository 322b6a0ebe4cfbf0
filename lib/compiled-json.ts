// JSON text for values of one published shape, written by a function compiled from that shape's
// schema (fast-json-stringify, the library Fastify serializes its responses with) rather than by
// JSON.stringify walking each value's properties. For the Trade, a record of about 200 fields,
// that takes about two thirds of JSON.stringify's time (docs/performance.md). The compiled writer
// writes only the schema's fields, in the schema's order, so the answer cannot carry a field the
// API reference does not publish.
import fastJson, { type AnySchema } from "fast-json-stringify";
import { z } from "zod";

/** A writer of `schema`'s values as JSON text, compiled on its first use (not at start-up). */
export function compiledJson<Schema extends z.ZodType>(schema: Schema): (value: z.input<Schema>) => string {
  let write: ((value: z.input<Schema>) => string) | undefined;
  return (value) => {
    if (!write) {
      const jsonSchema = nullableAsKeyword(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
      write = fastJson(jsonSchema as AnySchema) as (value: z.input<Schema>) => string;
    }
    return write(value);
  };
}

/**
 * zod writes `.nullable()` as `anyOf: [schema, { type: "null" }]`. fast-json-stringify chooses an
 * `anyOf` branch by validating the value against each branch at run time, which would cost more
 * than it saves; its `nullable: true` keyword writes `null` or the one schema directly.
 */
function nullableAsKeyword(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsKeyword);
  if (node === null || typeof node !== "object") return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = nullableAsKeyword(value);
  const branches = copy.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const others = branches.filter((branch: { type?: unknown }) => branch.type !== "null");
    if (others.length === 1) {
      delete copy.anyOf;
      return { ...copy, ...(others[0] as object), nullable: true };
    }
  }
  return copy;
}
