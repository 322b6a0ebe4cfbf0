// One webhook event, the body of its page: what it means, the body we POST, an example of it and the
// answer we expect back.
import { CodeBlock } from "./code-sample.tsx";
import { exampleValue } from "./example-value.ts";
import { InlineText } from "./inline-text.tsx";
import { MethodBadge, StatusBadge } from "./method-badge.tsx";
import type { ApiOperation } from "./openapi-model.ts";
import { Part } from "./operation-section.tsx";
import type { Schemas } from "./resolve-schema.ts";
import { SchemaBlock } from "./schema-table.tsx";

export function WebhookSection({ event, schemas }: { event: ApiOperation; schemas: Schemas }) {
  const id = event.operationId;
  const body = event.requestBody?.content;
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 bg-linear-to-b from-slate-50 to-white px-4 py-5 sm:px-6">
        <p className="flex items-center gap-2.5 text-sm text-slate-600">
          <MethodBadge method={event.method} />
          to the URL of each subscription that asks for it
        </p>
        <h1
          id={`${id}-title`}
          className="mt-3 font-mono text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]"
        >
          {event.path}
        </h1>
        {event.description && (
          <p className="mt-2 max-w-3xl leading-7 text-slate-700">
            <InlineText text={event.description} />
          </p>
        )}
      </header>
      <div className="space-y-8 px-4 py-6 sm:px-6">
        {body && (
          <Part
            id={`${id}-body`}
            title="Body"
            meta={<span className="text-xs text-slate-600">{body.contentType}</span>}
          >
            <SchemaBlock schema={body.schema} schemas={schemas} caption={`${event.path}: body fields`} />
          </Part>
        )}
        {event.responses.length > 0 && (
          <Part id={`${id}-answer`} title="Your answer">
            <ul className="space-y-2">
              {event.responses.map((response) => (
                <li key={response.status} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <StatusBadge status={response.status} />
                  <InlineText text={response.description} />
                </li>
              ))}
            </ul>
          </Part>
        )}
        {body && (
          <Part id={`${id}-example`} title="Example">
            <CodeBlock
              title="Example body"
              meta={body.contentType}
              code={JSON.stringify(exampleValue(body.schema, schemas), null, 2)}
            />
          </Part>
        )}
      </div>
    </article>
  );
}
