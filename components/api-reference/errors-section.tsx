// /docs/errors: the error record every failure answers, and the list of its type codes.
import { ERROR_CODES } from "@/lib/errors.ts";
import { CodeBlock } from "./code-sample.tsx";
import { exampleValue } from "./example-value.ts";
import { operationHref } from "./links.ts";
import { MethodBadge, StatusBadge } from "./method-badge.tsx";
import type { ApiOperation } from "./openapi-model.ts";
import { summarize, type Schemas } from "./resolve-schema.ts";
import { SchemaBlock } from "./schema-table.tsx";
import { CELL, HEAD, HEAD_CELL, ROW, TABLE } from "./table-styles.ts";

const ERROR_SCHEMA = "ErrorRecord";
const KNOWN: Record<string, { status: number; title: string } | undefined> = ERROR_CODES;

/** The operations whose documented error responses mention `code`. */
function operationsUsing(code: string, operations: ApiOperation[]): ApiOperation[] {
  return operations.filter((operation) =>
    operation.responses.some((response) => response.description.includes(`\`${code}\``)),
  );
}

export function ErrorsSection({ schemas, operations }: { schemas: Schemas; operations: ApiOperation[] }) {
  const record = schemas[ERROR_SCHEMA];
  const typeCode = record?.properties?.typeCode;
  const codes = typeCode
    ? (summarize(typeCode, schemas).values ?? []).filter((value): value is string => typeof value === "string")
    : [];
  return (
    <section id="errors" aria-labelledby="errors-title" className="scroll-mt-6 space-y-6">
      <div>
        <h1 id="errors-title" className="text-3xl font-bold tracking-tight text-slate-900">
          Errors
        </h1>
        <p className="mt-2 max-w-3xl leading-7 text-slate-700">
          Every failed call answers with a 4xx or 5xx status and the same JSON error record. Branch on{" "}
          <code className="font-mono text-[0.9em]">typeCode</code>, show{" "}
          <code className="font-mono text-[0.9em]">title</code> and{" "}
          <code className="font-mono text-[0.9em]">detail</code> to people, and quote{" "}
          <code className="font-mono text-[0.9em]">traceId</code> when you contact support.
        </p>
      </div>
      {record ? (
        <div className="space-y-4">
          <SchemaBlock
            schema={{ $ref: `#/components/schemas/${ERROR_SCHEMA}` }}
            schemas={schemas}
            caption="Fields of the error record"
          />
          <CodeBlock
            title="Example error record"
            code={JSON.stringify(exampleValue({ $ref: `#/components/schemas/${ERROR_SCHEMA}` }, schemas), null, 2)}
          />
        </div>
      ) : (
        <p className="text-sm text-slate-600">The document defines no {ERROR_SCHEMA} schema.</p>
      )}
      {codes.length > 0 && (
        <section aria-labelledby="error-types-title" className="space-y-3">
          <h2 id="error-types-title" className="text-lg font-semibold text-slate-900">
            Error types
          </h2>
          <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <table className={TABLE}>
              <caption className="sr-only">
                Error type codes, their HTTP status and the operations that return them
              </caption>
              <thead className={HEAD}>
                <tr>
                  <th scope="col" className={HEAD_CELL}>
                    typeCode
                  </th>
                  <th scope="col" className={HEAD_CELL}>
                    Status
                  </th>
                  <th scope="col" className={HEAD_CELL}>
                    Meaning
                  </th>
                  <th scope="col" className={HEAD_CELL}>
                    Returned by
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 max-sm:block">
                {codes.map((code) => {
                  const known = KNOWN[code];
                  const using = operationsUsing(code, operations);
                  return (
                    <tr key={code} className={ROW}>
                      <th scope="row" className={`${CELL} font-normal`}>
                        <code className="font-mono text-[0.8rem] font-semibold text-slate-900">{code}</code>
                      </th>
                      <td className={CELL}>
                        {known ? (
                          <StatusBadge status={String(known.status)} />
                        ) : (
                          <span className="text-slate-500">—</span>
                        )}
                      </td>
                      <td className={`${CELL} text-slate-700`}>{known?.title ?? ""}</td>
                      <td className={CELL}>
                        {using.length > 0 ? (
                          <ul className="flex flex-wrap gap-1.5">
                            {using.map((operation) => (
                              <li key={operation.operationId}>
                                <a
                                  href={operationHref(operation.operationId)}
                                  className="inline-flex items-center gap-1 text-xs text-brand-700 hover:underline"
                                  title={operation.summary}
                                >
                                  <MethodBadge method={operation.method} size="sm" />
                                  <span className="font-mono">{operation.operationId}</span>
                                </a>
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <span className="text-xs text-slate-600">Any operation where it applies</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </section>
  );
}
