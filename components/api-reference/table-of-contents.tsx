// The sidebar: operations grouped by tag, then the Errors and Schemas sections.
// A collapsible <details> on small screens, a sticky column on large ones; no client JavaScript.
import { MethodBadge } from "./method-badge.tsx";
import { slug, type TagGroup } from "./openapi-model.ts";
import { schemaAnchor } from "./schema-cells.tsx";

const LINK = "block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500";
const GROUP = "px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase";

function Links({ groups, schemaNames }: { groups: TagGroup[]; schemaNames: string[] }) {
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <div key={group.tag.name}>
          <a href={`#tag-${slug(group.tag.name)}`} className={`${GROUP} hover:text-brand-700`}>
            {group.tag.name}
          </a>
          <ul className="mt-2 space-y-0.5">
            {group.operations.map((operation) => (
              <li key={operation.operationId}>
                <a href={`#${operation.operationId}`} className={`${LINK} flex items-start gap-2`}>
                  <MethodBadge method={operation.method} size="sm" />
                  <span className="leading-5">{operation.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <p className={GROUP}>Reference</p>
        <ul className="mt-2 space-y-0.5">
          <li>
            <a href="#errors" className={LINK}>
              Errors
            </a>
          </li>
          <li>
            <a href="#schemas" className={LINK}>
              Schemas
            </a>
            <ul className="mt-0.5 ml-3 space-y-0.5 border-l border-slate-200 pl-2">
              {schemaNames.map((name) => (
                <li key={name}>
                  <a href={`#${schemaAnchor(name)}`} className={`${LINK} py-1 font-mono text-xs break-all`}>
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </div>
    </div>
  );
}

export function TableOfContents({ groups, schemaNames }: { groups: TagGroup[]; schemaNames: string[] }) {
  return (
    <>
      <nav aria-label="API reference contents" className="mt-6 rounded-xl border border-slate-200 bg-white px-4 shadow-sm lg:hidden">
        <details className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between py-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
            Contents
            <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="max-h-[70vh] overflow-y-auto pb-4">
            <Links groups={groups} schemaNames={schemaNames} />
          </div>
        </details>
      </nav>
      <nav aria-label="API reference sidebar" className="sticky top-0 hidden max-h-screen overflow-y-auto py-10 pr-2 lg:block">
        <Links groups={groups} schemaNames={schemaNames} />
      </nav>
    </>
  );
}
