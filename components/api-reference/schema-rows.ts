// Flattens a schema's fields (and their nested fields) into indented table rows.
import type { JsonSchema } from "./json-schema.ts";
import { summarize, type SchemaChildren, type SchemaSummary, type Schemas } from "./resolve-schema.ts";

/** Nested objects deeper than this are not expanded (also stops self-referencing schemas). */
export const MAX_DEPTH = 6;

export interface SchemaRow {
  key: string;
  name: string;
  /** The dotted path of the parent ("bankAccount.", "errors[]."), for screen readers. */
  parentPath: string;
  depth: number;
  /** null for the options of a union, where "required" means nothing. */
  required: boolean | null;
  summary: SchemaSummary;
  /** Children exist but were not expanded (depth limit or a cycle). */
  collapsed: boolean;
}

interface Walk {
  schemas: Schemas;
  depth: number;
  path: string;
  seen: ReadonlySet<string>;
}

function childEntries(children: SchemaChildren): { name: string; required: boolean | null; schema: JsonSchema }[] {
  if (children.kind === "fields") return children.fields;
  if (children.kind === "alternatives")
    return children.options.map((schema, index) => ({ name: `option ${index + 1}`, required: null, schema }));
  return [];
}

function rowsOf(children: SchemaChildren, walk: Walk): SchemaRow[] {
  return childEntries(children).flatMap((entry) => {
    const summary = summarize(entry.schema, walk.schemas);
    const nested = summary.children.kind !== "none";
    const cycle = summary.refName !== undefined && walk.seen.has(summary.refName);
    const expand = nested && !cycle && walk.depth + 1 < MAX_DEPTH;
    const row: SchemaRow = {
      key: `${walk.path}${entry.name}`,
      name: entry.name,
      parentPath: walk.path,
      depth: walk.depth,
      required: entry.required,
      summary,
      collapsed: nested && !expand,
    };
    if (!expand) return [row];
    const seen = summary.refName ? new Set([...walk.seen, summary.refName]) : walk.seen;
    const path = `${walk.path}${entry.name}${summary.isArray ? "[]" : ""}.`;
    return [row, ...rowsOf(summary.children, { ...walk, depth: walk.depth + 1, path, seen })];
  });
}

/** The root summary of a schema and the rows of its fields, nested fields indented. */
export function schemaRows(schema: JsonSchema, schemas: Schemas): { root: SchemaSummary; rows: SchemaRow[] } {
  const root = summarize(schema, schemas);
  const seen = new Set(root.refName ? [root.refName] : []);
  return { root, rows: rowsOf(root.children, { schemas, depth: 0, path: root.isArray ? "[]." : "", seen }) };
}
