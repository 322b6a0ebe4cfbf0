// One operation, the body of its page: method and path, summary, description, parameters, request
// body, responses, examples. The ids of the one-page reference (getTrades-parameters…) are kept.
import type { ReactNode } from "react";
import { CodeSamples } from "./code-sample.tsx";
import { InlineText } from "./inline-text.tsx";
import { MethodBadge, PathLabel } from "./method-badge.tsx";
import type { ApiOperation } from "./openapi-model.ts";
import { ParametersTable } from "./parameters-table.tsx";
import type { Schemas } from "./resolve-schema.ts";
import { ErrorResponses, isErrorStatus, SuccessResponses } from "./responses-section.tsx";
import { SchemaBlock } from "./schema-table.tsx";

export function Part({
  id,
  title,
  meta,
  children,
}: {
  id: string;
  title: string;
  meta?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          {title}
        </h2>
        {meta}
      </div>
      {children}
    </section>
  );
}

export function OperationSection({
  operation,
  schemas,
  baseUrl,
}: {
  operation: ApiOperation;
  schemas: Schemas;
  baseUrl: string;
}) {
  const id = operation.operationId;
  const successes = operation.responses.filter((response) => !isErrorStatus(response.status));
  const errors = operation.responses.filter((response) => isErrorStatus(response.status));
  const body = operation.requestBody;
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="border-b border-slate-200 bg-linear-to-b from-slate-50 to-white px-4 py-5 sm:px-6">
        <div className="flex items-start gap-2.5 sm:items-center">
          <MethodBadge method={operation.method} />
          <PathLabel path={operation.path} className="pt-0.5 text-sm sm:pt-0 sm:text-[0.95rem]" />
        </div>
        <h1 id={`${id}-title`} className="mt-3 text-2xl font-bold tracking-tight text-slate-900">
          {operation.summary}
          {operation.deprecated && (
            <span className="ml-2 rounded bg-rose-50 px-1.5 py-0.5 align-middle text-xs font-medium text-rose-800">
              Deprecated
            </span>
          )}
        </h1>
        {operation.description && (
          <p className="mt-2 max-w-3xl leading-7 text-slate-700">
            <InlineText text={operation.description} />
          </p>
        )}
        <p className="mt-3 text-xs text-slate-600">
          Operation id <code className="font-mono text-slate-800">{id}</code>
        </p>
      </header>
      <div className="space-y-8 px-4 py-6 sm:px-6">
        {operation.parameters.length > 0 && (
          <Part id={`${id}-parameters`} title="Parameters">
            <ParametersTable
              parameters={operation.parameters}
              schemas={schemas}
              caption={`${operation.summary}: parameters`}
            />
          </Part>
        )}
        {body && (
          <Part
            id={`${id}-body`}
            title="Request body"
            meta={
              <span className="text-xs text-slate-600">
                {body.content?.contentType ?? ""}
                {body.required ? " · required" : " · optional"}
              </span>
            }
          >
            {body.description && <p className="text-sm text-slate-700">{body.description}</p>}
            {body.content && (
              <SchemaBlock
                schema={body.content.schema}
                schemas={schemas}
                caption={`${operation.summary}: request body fields`}
              />
            )}
          </Part>
        )}
        {successes.length > 0 && (
          <Part id={`${id}-response`} title="Response">
            <SuccessResponses responses={successes} schemas={schemas} label={operation.summary} />
          </Part>
        )}
        {errors.length > 0 && (
          <Part id={`${id}-errors`} title="Errors">
            <ErrorResponses responses={errors} label={operation.summary} />
          </Part>
        )}
        <Part id={`${id}-examples`} title="Examples">
          <CodeSamples operation={operation} baseUrl={baseUrl} schemas={schemas} />
        </Part>
      </div>
    </article>
  );
}
