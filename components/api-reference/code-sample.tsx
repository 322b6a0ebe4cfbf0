// Example request (curl, and the same call with the TypeScript SDK) and example response of an
// operation, built from the schemas' examples.
import { exampleValue } from "./example-value.ts";
import type { ApiOperation } from "./openapi-model.ts";
import type { Schemas } from "./resolve-schema.ts";
import { SDK_CALLS } from "./sdk-calls.ts";

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

function curlCommand(operation: ApiOperation, baseUrl: string, schemas: Schemas): string {
  let path = operation.path;
  const query: string[] = [];
  const headers = [`Authorization: Bearer esk_test_…`];
  for (const parameter of operation.parameters) {
    const value = exampleValue(parameter.schema, schemas);
    const text = typeof value === "string" ? value : JSON.stringify(value);
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    if (parameter.in === "query" && parameter.required)
      query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(text)}`);
  }
  const body = operation.requestBody?.content;
  if (body) headers.push(`Content-Type: ${body.contentType}`);
  const url = `${baseUrl.replace(/\/+$/, "")}${path}${query.length > 0 ? `?${query.join("&")}` : ""}`;
  const lines = [
    `curl${operation.method === "GET" ? "" : ` -X ${operation.method}`} ${shellQuote(url)}`,
    ...headers.map((header) => `  -H ${shellQuote(header)}`),
  ];
  if (body) lines.push(`  -d ${shellQuote(JSON.stringify(exampleValue(body.schema, schemas), null, 2))}`);
  return lines.join(" \\\n");
}

export function CodeBlock({ title, meta, code }: { title: string; meta?: string; code: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl bg-slate-900 shadow-sm ring-1 ring-slate-900/10">
      <figcaption className="flex items-center justify-between gap-2 border-b border-white/10 px-4 py-2 text-xs">
        <span className="font-semibold text-slate-100">{title}</span>
        {meta && <span className="font-mono text-slate-300">{meta}</span>}
      </figcaption>
      {/* Focusable, so that a keyboard can scroll a long line into view. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[0.78rem] leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

export function CodeSamples({
  operation,
  baseUrl,
  schemas,
}: {
  operation: ApiOperation;
  baseUrl: string;
  schemas: Schemas;
}) {
  const success = operation.responses.find((response) => /^[23]/.test(response.status));
  return (
    <div className="grid gap-4">
      <CodeBlock title="Example request" meta="curl" code={curlCommand(operation, baseUrl, schemas)} />
      {SDK_CALLS[operation.operationId] && (
        <CodeBlock title="With the SDK" meta="TypeScript · @escrow/sdk" code={SDK_CALLS[operation.operationId]!} />
      )}
      {success && (
        <CodeBlock
          title="Example response"
          meta={success.status}
          code={
            success.content
              ? JSON.stringify(exampleValue(success.content.schema, schemas), null, 2)
              : `HTTP ${success.status} (no body)`
          }
        />
      )}
    </div>
  );
}
