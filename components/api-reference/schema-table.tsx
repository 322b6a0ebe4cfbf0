// A JSON Schema as a table of fields; nested objects, arrays and union options are indented.
import type { JsonSchema } from "./json-schema.ts";
import type { Schemas } from "./resolve-schema.ts";
import { DescriptionInfo, SchemaLink, TypeInfo } from "./schema-cells.tsx";
import { schemaRows, type SchemaRow } from "./schema-rows.ts";
import { InlineText } from "./inline-text.tsx";
import { CELL, HEAD, HEAD_CELL, ROW, TABLE } from "./table-styles.ts";

// Static class names per depth, so that Tailwind sees every one of them.
const NAME_INDENT = [
  "",
  "pl-4 sm:pl-5",
  "pl-8 sm:pl-10",
  "pl-12 sm:pl-15",
  "pl-16 sm:pl-20",
  "pl-20 sm:pl-25",
  "pl-24 sm:pl-30",
];
const CELL_INDENT = ["", "max-sm:pl-4", "max-sm:pl-8", "max-sm:pl-12", "max-sm:pl-16", "max-sm:pl-20", "max-sm:pl-24"];

function FieldName({ row }: { row: SchemaRow }) {
  return (
    <div className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${NAME_INDENT[row.depth] ?? ""}`}>
      {row.depth > 0 && (
        <span aria-hidden="true" className="text-slate-400 select-none">
          ↳
        </span>
      )}
      <code
        className={`font-mono text-[0.8rem] font-semibold break-all ${row.summary.deprecated ? "text-slate-500 line-through" : "text-slate-900"}`}
      >
        {row.parentPath && <span className="sr-only">{row.parentPath}</span>}
        {row.name}
      </code>
      {row.required === true && <span className="text-[0.7rem] font-semibold text-rose-700">required</span>}
      {row.required === false && <span className="text-[0.7rem] text-slate-500">optional</span>}
    </div>
  );
}

function Row({ row }: { row: SchemaRow }) {
  return (
    <tr className={`${ROW} ${row.depth > 0 ? "bg-slate-50/60" : ""}`}>
      <th scope="row" className={`${CELL} font-normal sm:w-[32%]`}>
        <FieldName row={row} />
      </th>
      <td className={`${CELL} ${CELL_INDENT[row.depth] ?? ""} sm:w-[24%]`}>
        <TypeInfo summary={row.summary} />
      </td>
      <td className={`${CELL} ${CELL_INDENT[row.depth] ?? ""}`}>
        <DescriptionInfo summary={row.summary} collapsed={row.collapsed} />
      </td>
    </tr>
  );
}

export function FieldTable({ rows, caption }: { rows: SchemaRow[]; caption: string }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={HEAD_CELL}>
              Field
            </th>
            <th scope="col" className={HEAD_CELL}>
              Type
            </th>
            <th scope="col" className={HEAD_CELL}>
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {rows.map((row) => (
            <Row key={row.key} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A schema: one line with its type (component name linked) and description, then its fields.
 * `showName` is off where the component itself is the heading (the Schemas section).
 */
export function SchemaBlock({
  schema,
  schemas,
  caption,
  showName = true,
}: {
  schema: JsonSchema;
  schemas: Schemas;
  caption: string;
  showName?: boolean;
}) {
  const { root, rows } = schemaRows(schema, schemas);
  return (
    <div className="space-y-3">
      {(showName || root.description) && (
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-slate-700">
          {showName &&
            (root.refName ? (
              <SchemaLink name={root.refName} label={root.isArray ? `array of ${root.refName}` : root.refName} />
            ) : (
              <span className="font-mono text-xs font-semibold text-slate-800">{root.type}</span>
            ))}
          {root.nullable && <span className="text-xs text-slate-600">or null</span>}
          {root.description && (
            <span>
              <InlineText text={root.description} />
            </span>
          )}
        </p>
      )}
      {rows.length > 0 ? (
        <FieldTable rows={rows} caption={caption} />
      ) : (
        root.children.kind === "none" && (
          <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
            <TypeInfo summary={root} />
            <DescriptionInfo summary={{ ...root, description: undefined }} />
          </div>
        )
      )}
    </div>
  );
}
