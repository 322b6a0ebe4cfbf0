// The frame of a reference page below /docs: a slim header with the way back to the index.
import Link from "next/link";
import type { ReactNode } from "react";
import { DOCS_HREF, SPEC_HREF } from "./links.ts";

export interface Crumb {
  label: string;
  href?: string;
}

export function DocsFrame({ trail, children }: { trail: Crumb[]; children: ReactNode }) {
  const crumbs: Crumb[] = [{ label: "Escrow", href: "/" }, { label: "API reference", href: DOCS_HREF }, ...trail];
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#content"
        className={
          "sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-700 shadow " +
          "focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        }
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-6 lg:px-8">
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
              {crumbs.map((crumb, index) => (
                <li key={`${index}-${crumb.label}`} className="flex items-center gap-x-2">
                  {index > 0 && (
                    <span aria-hidden="true" className="text-slate-400">
                      /
                    </span>
                  )}
                  {crumb.href ? (
                    <Link href={crumb.href} prefetch={false} className="hover:text-brand-700 hover:underline">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span aria-current="page" className="font-medium text-slate-900">
                      {crumb.label}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          <a href={SPEC_HREF} className="text-sm font-medium text-brand-700 hover:underline">
            openapi.json
          </a>
        </div>
      </header>
      <main id="content" className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}

/** Previous and next in the index's order, so that the reference can be read page by page. */
export function Pager({ previous, next }: { previous?: Crumb; next?: Crumb }) {
  const link = "block min-w-0 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-brand-500";
  return (
    <nav aria-label="Previous and next" className="mt-8 grid gap-3 sm:grid-cols-2">
      {previous?.href ? (
        <a href={previous.href} className={link}>
          <span className="block text-xs text-slate-600">Previous</span>
          <span className="block font-medium text-brand-700 [overflow-wrap:anywhere]">{previous.label}</span>
        </a>
      ) : (
        <span />
      )}
      {next?.href && (
        <a href={next.href} className={`${link} sm:text-right`}>
          <span className="block text-xs text-slate-600">Next</span>
          <span className="block font-medium text-brand-700 [overflow-wrap:anywhere]">{next.label}</span>
        </a>
      )}
    </nav>
  );
}
