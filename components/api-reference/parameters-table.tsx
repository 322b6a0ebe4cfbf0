// The path, query and header parameters of an operation.
import type { ApiParameter } from "./openapi-model.ts";
import { summarize, type Schemas } from "./resolve-schema.ts";
import { DescriptionInfo, TypeInfo } from "./schema-cells.tsx";
import { CELL, HEAD, HEAD_CELL, ROW, TABLE } from "./table-styles.ts";

const LOCATION_ORDER = ["path", "query", "header", "cookie"];

export function ParametersTable({
  parameters,
  schemas,
  caption,
}: {
  parameters: ApiParameter[];
  schemas: Schemas;
  caption: string;
}) {
  const sorted = [...parameters].sort((a, b) => LOCATION_ORDER.indexOf(a.in) - LOCATION_ORDER.indexOf(b.in));
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={TABLE}>
        <caption className="sr-only">{caption}</caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={HEAD_CELL}>
              Name
            </th>
            <th scope="col" className={HEAD_CELL}>
              In
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
          {sorted.map((parameter) => {
            const summary = summarize(parameter.schema, schemas);
            const description = parameter.description ?? summary.description;
            return (
              <tr key={`${parameter.in}:${parameter.name}`} className={ROW}>
                <th scope="row" className={`${CELL} font-normal sm:w-[26%]`}>
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                    <code className="font-mono text-[0.8rem] font-semibold break-all text-slate-900">
                      {parameter.name}
                    </code>
                    {parameter.required ? (
                      <span className="text-[0.7rem] font-semibold text-rose-700">required</span>
                    ) : (
                      <span className="text-[0.7rem] text-slate-500">optional</span>
                    )}
                  </div>
                </th>
                <td className="max-sm:mr-2 max-sm:inline-block max-sm:py-0.5 max-sm:align-middle sm:w-[10%]">
                  <span className="inline-flex rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.7rem] font-medium text-slate-700">
                    {parameter.in}
                  </span>
                </td>
                <td className="max-sm:inline-block max-sm:py-0.5 max-sm:align-middle sm:w-[22%]">
                  <TypeInfo summary={summary} />
                </td>
                <td className={CELL}>
                  <DescriptionInfo
                    summary={{ ...summary, description, deprecated: summary.deprecated || parameter.deprecated }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
