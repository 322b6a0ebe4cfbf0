// One entry of components.schemas, the body of its page: its fields, an example and where it is used.
import { CodeBlock } from "./code-sample.tsx";
import { exampleValue } from "./example-value.ts";
import { operationHref, webhookHref } from "./links.ts";
import { MethodBadge } from "./method-badge.tsx";
import type { ApiDocument, ApiOperation } from "./openapi-model.ts";
import { Part } from "./operation-section.tsx";
import { SchemaBlock } from "./schema-table.tsx";

/** The operations that name the schema in their parameters, body or answers (not through another schema). */
function usedBy(name: string, operations: ApiOperation[]): ApiOperation[] {
  const ref = JSON.stringify(`#/components/schemas/${encodeURIComponent(name)}`);
  return operations.filter((operation) => JSON.stringify(operation).includes(ref));
}

export function SchemaSection({ name, document }: { name: string; document: ApiDocument }) {
  const schema = { $ref: `#/components/schemas/${encodeURIComponent(name)}` };
  const uses = [
    ...usedBy(name, document.operations).map((operation) => ({
      key: operation.operationId,
      method: operation.method,
      label: operation.summary,
      href: operationHref(operation.operationId),
    })),
    ...usedBy(name, document.webhooks).map((event) => ({
      key: event.operationId,
      method: "EVENT",
      label: event.path,
      href: webhookHref(event.path),
    })),
  ];
  return (
    <article
      aria-labelledby="schema-title"
      className="space-y-8 rounded-2xl border border-slate-200 bg-white px-4 py-6 shadow-sm sm:px-6"
    >
      <h1
        id="schema-title"
        className="font-mono text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]"
      >
        {name}
      </h1>
      <SchemaBlock schema={schema} schemas={document.schemas} caption={`Fields of ${name}`} showName={false} />
      <Part id="schema-example" title="Example">
        <CodeBlock title={`Example ${name}`} code={JSON.stringify(exampleValue(schema, document.schemas), null, 2)} />
      </Part>
      {uses.length > 0 && (
        <Part id="schema-used-by" title="Used by">
          <ul className="space-y-1">
            {uses.map((use) => (
              <li key={use.key}>
                <a href={use.href} className="inline-flex items-center gap-2 text-sm text-brand-700 hover:underline">
                  <MethodBadge method={use.method} size="sm" />
                  {use.label}
                </a>
              </li>
            ))}
          </ul>
        </Part>
      )}
    </article>
  );
}
