"use client";
// The trades list: search, filters, sorting and paging, all in the address (shareable, the back
// button works), fetched with TanStack Query from /console/api/trades; the previous page stays on
// screen while the next loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useAddressUpdate } from "../use-address-update.ts";
import { useState, type FormEvent } from "react";
import type { TradeListPage } from "@/lib/console/trades/list-trades.ts";
import { PHASES } from "@/lib/console/trades/trade-filters.ts";
import { TRADE_STATES, type TradeState } from "@/lib/trades/states.ts";
import { StateBadge } from "../state-badge.tsx";
import { FilterSelect } from "../filter-select.tsx";
import { stateLabel } from "@/lib/trades/presentation/state-labels.ts";
import { PagerNav } from "../pager-nav.tsx";

const money = (amount: string, currency: string) => new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(amount as unknown as number);
const when = (iso: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(new Date(iso));

/** Keys that page the list; changing any other key starts again at the top. */
const PAGING_KEYS = ["after", "before"];

export function TradesBrowser() {
  const params = useSearchParams();
  const query = params.toString();
  const { data, isFetching, isError } = useQuery({
    queryKey: ["trades", query],
    queryFn: async (): Promise<TradeListPage> => {
      const response = await fetch(`/console/api/trades?${query}`);
      if (!response.ok) throw new Error(`The trades could not be loaded (${response.status}).`);
      return response.json();
    },
    placeholderData: keepPreviousData,
  });

  const update = useAddressUpdate(PAGING_KEYS);

  const [search, setSearch] = useState(params.get("q") ?? "");
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined });
  };
  const sort = params.get("sort") ?? "created";
  const dir = params.get("dir") ?? "desc";
  const sortBy = (column: "created" | "amount") => update({ sort: column, dir: sort === column && dir === "desc" ? "asc" : "desc" });
  const arrow = (column: string) => (sort === column ? (dir === "asc" ? " ↑" : " ↓") : "");

  return (
    <div>
      <form onSubmit={onSearch} role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="q" className="block text-xs font-medium text-slate-700">
            Search
          </label>
          <input id="q" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Trade id, reference id, user id or title" className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm" />
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Search
        </button>
      </form>

      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7">
        <FilterSelect id="mode" label="Mode" value={params.get("mode") ?? "test"} onChange={(v) => update({ mode: v })} options={[["test", "Test (sandbox)"], ["live", "Live"]]} />
        <FilterSelect id="phase" label="Phase" value={params.get("phase") ?? ""} onChange={(v) => update({ phase: v })} options={[["", "Any phase"], ...PHASES.map((p) => [p, p[0]!.toUpperCase() + p.slice(1)] as [string, string])]} />
        <FilterSelect id="state" label="State" value={params.get("state") ?? ""} onChange={(v) => update({ state: v })} options={[["", "Any state"], ...TRADE_STATES.map((s) => [s, stateLabel(s)] as [string, string])]} />
        <Field id="from" label="Created from" type="date" value={params.get("from") ?? ""} onChange={(v) => update({ from: v })} />
        <Field id="to" label="Created to" type="date" value={params.get("to") ?? ""} onChange={(v) => update({ to: v })} />
        <Field id="min" label="Amount from" type="number" value={params.get("min") ?? ""} onChange={(v) => update({ min: v })} />
        <Field id="max" label="Amount to" type="number" value={params.get("max") ?? ""} onChange={(v) => update({ max: v })} />
      </div>

      <div className="relative mt-5 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <caption className="sr-only">Trades</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5" aria-sort={sort === "created" ? (dir === "asc" ? "ascending" : "descending") : "none"}>
                <button type="button" onClick={() => sortBy("created")} className="font-semibold uppercase hover:text-slate-900">
                  Created{arrow("created")}
                </button>
              </th>
              <th scope="col" className="px-4 py-2.5">
                Trade
              </th>
              <th scope="col" className="px-4 py-2.5">
                Buyer → seller
              </th>
              <th scope="col" className="px-4 py-2.5 text-right" aria-sort={sort === "amount" ? (dir === "asc" ? "ascending" : "descending") : "none"}>
                <button type="button" onClick={() => sortBy("amount")} className="font-semibold uppercase hover:text-slate-900">
                  Amount{arrow("amount")}
                </button>
              </th>
              <th scope="col" className="px-4 py-2.5">
                State
              </th>
            </tr>
          </thead>
          <tbody className={isFetching ? "opacity-60" : ""}>
            {data?.trades.map((trade) => (
              <tr key={trade.tradeId} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-600">{when(trade.createdAt)}</td>
                <td className="px-4 py-2.5">
                  <Link href={`/console/trades/${trade.tradeId}`} className="font-medium text-brand-700 hover:underline">
                    {trade.title}
                  </Link>
                  <span className="block font-mono text-xs text-slate-500">{trade.referenceId || trade.tradeId}</span>
                </td>
                <td className="px-4 py-2.5 text-slate-700">
                  {trade.payer} → {trade.payee}
                </td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">{money(trade.amount, trade.currency)}</td>
                <td className="px-4 py-2.5">
                  <StateBadge state={trade.state as TradeState} />
                </td>
              </tr>
            ))}
            {data && data.trades.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-10 text-center text-slate-600">
                  No trades match.
                </td>
              </tr>
            )}
            {!data && !isError && (
              <tr>
                <td colSpan={5} className="px-4 py-10 text-center text-slate-600">
                  Loading trades…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          The trades could not be loaded. Try again.
        </p>
      )}
      <PagerNav
        summary={data ? countText(data.pagination) : " "}
        canPrevious={Boolean(data?.pagination.previous)}
        canNext={Boolean(data?.pagination.next)}
        onPrevious={() => update({ before: data?.pagination.previous ?? undefined, after: undefined })}
        onNext={() => update({ after: data?.pagination.next ?? undefined, before: undefined })}
      />
    </div>
  );
}

/** The list counts up to 10,000 matches and no further (list-trades.ts). */
function countText({ totalCount, moreThanCount }: TradeListPage["pagination"]): string {
  if (moreThanCount) return `More than ${totalCount.toLocaleString("en-GB")} trades`;
  return totalCount === 1 ? "1 trade" : `${totalCount.toLocaleString("en-GB")} trades`;
}


function Field({ id, label, type, value, onChange }: { id: string; label: string; type: string; value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type={type} defaultValue={value} min={type === "number" ? 0 : undefined} step={type === "number" ? "0.01" : undefined} onBlur={(e) => onChange(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-400 px-2 py-2 text-sm" />
    </div>
  );
}
