// Building blocks of the console's pages.
import type { ReactNode } from "react";
import { formatDateTime, type DateStyle } from "@/lib/dates.ts";
import { formatMoney } from "@/lib/money/format.ts";

export function Section({
  title,
  id,
  children,
  aside,
}: {
  title: string;
  id: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-xl border border-slate-200 bg-white">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div
          key={label}
          className="flex justify-between gap-4 border-b border-slate-100 py-1 last:border-0 sm:block sm:border-0"
        >
          <dt className="text-slate-600">{label}</dt>
          <dd className="font-medium break-words sm:mt-0.5">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}

export const consoleMoney = (minor: bigint, currency: string) => formatMoney(minor, currency, "en");

/** A date in the console: to the second unless the place says otherwise (lib/dates.ts has the styles); "—" for none. */
export const consoleWhen = (date: Date | string | null | undefined, style: DateStyle = "second") =>
  date ? formatDateTime(date, style) : "—";
