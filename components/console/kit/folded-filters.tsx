"use client";
// A list's filters, folded behind a "Filters" button on a narrow screen so that the list itself is
// on the first screen; from lg up they are always shown and the button is gone. The button says how
// many filters are set. Only their display folds: the fields stay on the page, and their values in
// the address, as before.
import { useId, useState, type ReactNode } from "react";
import type { FilterField } from "./filters.tsx";
import type { ListParams } from "./use-list-query.ts";

/** How many of `keys` (or of the declared fields, past their fallback) the address sets. */
export function activeFilters(params: ListParams, fields: FilterField[], keys: string[] = []): number {
  const declared = fields.filter((f) => {
    const value = params.get(f.key);
    return value && value !== ("fallback" in f ? f.fallback : undefined);
  }).length;
  return declared + keys.filter((key) => params.get(key)).length;
}

export function FoldedFilters({
  active,
  className,
  children,
}: {
  active: number;
  /** The panel's own layout (a grid or a flex row), kept when it is shown. */
  className: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 lg:hidden"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 5h14M6 10h8M9 15h2" />
        </svg>
        Filters
        {active > 0 && (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">{active} set</span>
        )}
      </button>
      <div id={panelId} className={`${open ? "max-lg:mt-3" : "max-lg:hidden"} ${className}`}>
        {children}
      </div>
    </div>
  );
}
