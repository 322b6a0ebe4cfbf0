// The success response(s) of an operation with their schema, and its error responses by status.
import { InlineText } from "./inline-text.tsx";
import { ERRORS_HREF } from "./links.ts";
import { StatusBadge } from "./method-badge.tsx";
import type { ApiResponse } from "./openapi-model.ts";
import { refName, type Schemas } from "./resolve-schema.ts";
import { SchemaLink } from "./schema-cells.tsx";
import { SchemaBlock } from "./schema-table.tsx";
import { CELL, HEAD, HEAD_CELL, ROW, TABLE } from "./table-styles.ts";

export function isErrorStatus(status: string): boolean {
  return status.startsWith("4") || status.startsWith("5") || status === "default";
}

export function SuccessResponses({
  responses,
  schemas,
  label,
}: {
  responses: ApiResponse[];
  schemas: Schemas;
  label: string;
}) {
  return (
    <div className="space-y-6">
      {responses.map((response) => (
        <div key={response.status} className="space-y-3">
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <StatusBadge status={response.status} />
            <InlineText text={response.description} />
            {response.content && (
              <span className="font-mono text-xs text-slate-600">{response.content.contentType}</span>
            )}
          </p>
          {response.content && (
            <SchemaBlock
              schema={response.content.schema}
              schemas={schemas}
              caption={`${label}: fields of the ${response.status} response`}
            />
          )}
        </div>
      ))}
    </div>
  );
}

export function ErrorResponses({ responses, label }: { responses: ApiResponse[]; label: string }) {
  const bodies = [
    ...new Set(responses.map((response) => (response.content ? (refName(response.content.schema) ?? "") : ""))),
  ];
  const shared = bodies.length === 1 ? bodies[0] : undefined;
  return (
    <div className="space-y-3">
      {shared && (
        <p className="text-sm text-slate-700">
          Every error answers the <SchemaLink name={shared} /> (see{" "}
          <a href={ERRORS_HREF} className="font-medium text-brand-700 underline underline-offset-2">
            Errors
          </a>
          ); its <code className="font-mono text-[0.85em]">typeCode</code> tells them apart.
        </p>
      )}
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className={TABLE}>
          <caption className="sr-only">{label}: error responses</caption>
          <thead className={HEAD}>
            <tr>
              <th scope="col" className={HEAD_CELL}>
                Status
              </th>
              <th scope="col" className={HEAD_CELL}>
                Error types
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 max-sm:block">
            {responses.map((response) => {
              const body = response.content ? refName(response.content.schema) : undefined;
              return (
                <tr key={response.status} className={ROW}>
                  <th scope="row" className={`${CELL} font-normal sm:w-24`}>
                    <StatusBadge status={response.status} />
                  </th>
                  <td className={`${CELL} text-sm leading-7 text-slate-700`}>
                    <InlineText text={response.description} />
                    {body && !shared && (
                      <span className="ml-2 text-xs">
                        Body: <SchemaLink name={body} />
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
