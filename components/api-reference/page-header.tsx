// The top of the reference: title, the search (children), description, base URL, authentication
// and the OpenAPI document.
import Link from "next/link";
import type { ReactNode } from "react";
import { InlineText } from "./inline-text.tsx";
import type { ApiDocument } from "./openapi-model.ts";

const CODE = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800";

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</dt>
      <dd className="mt-2 text-sm leading-6 text-slate-700">{children}</dd>
    </div>
  );
}

export function PageHeader({
  document,
  specUrl,
  children,
}: {
  document: ApiDocument;
  specUrl: string;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-slate-200 bg-linear-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
          <Link href="/" className="hover:text-brand-700 hover:underline">
            Escrow
          </Link>
          <span aria-hidden="true" className="mx-2 text-slate-400">
            /
          </span>
          <span aria-current="page">API reference</span>
        </nav>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {document.version && (
            <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
              v{document.version}
            </span>
          )}
          <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
            OpenAPI {document.openapi}
          </span>
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {document.title}
        </h1>
        {children && <div className="mt-6 max-w-3xl">{children}</div>}
        {document.description && (
          <p className="mt-4 max-w-3xl text-base leading-7 text-slate-700 sm:text-lg sm:leading-8">
            <InlineText text={document.description} />
          </p>
        )}
        <dl className="mt-8 grid gap-4 md:grid-cols-3">
          <Card title="Base URL">
            <code className="block rounded-lg bg-slate-900 px-3 py-2 font-mono text-[0.8rem] break-all text-slate-100">
              {document.baseUrl}
            </code>
            <span className="mt-2 block text-xs text-slate-600">Operation paths below are relative to it.</span>
          </Card>
          <Card title="Authentication">
            Send <code className={`${CODE} break-all`}>Authorization: Bearer &lt;token&gt;</code> on every call. Test
            tokens <code className={CODE}>esk_test_…</code> work on sandbox data; live tokens{" "}
            <code className={CODE}>esk_live_…</code> move real money.
          </Card>
          <Card title="OpenAPI document">
            Import it into your API tool or generate a client from it.
            <a
              href={specUrl}
              className={
                "mt-3 flex w-fit items-center gap-2 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold " +
                "text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 " +
                "focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              }
            >
              <span aria-hidden="true">↓</span> openapi.json
            </a>
          </Card>
        </dl>
      </div>
    </header>
  );
}
