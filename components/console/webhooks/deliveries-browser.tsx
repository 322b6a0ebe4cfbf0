"use client";
// The delivery log: filters in the address (shareable, the back button works), fetched with
// TanStack Query from /console/api/webhooks/deliveries and paged on the server; the previous page
// stays on screen while the next loads, and the page refreshes itself while deliveries are pending.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useAddressUpdate } from "../use-address-update.ts";
import { useState, type FormEvent } from "react";
import { DELIVERY_STATUSES, LOG_EVENT_NAMES } from "@/lib/console/webhooks/delivery-filters.ts";
import type { DeliveryListPage } from "@/lib/console/webhooks/list-deliveries.ts";
import { DeliveryBadge, ResponseCode } from "./badges.tsx";
import { ModeTabs } from "./mode-tabs.tsx";
import { FilterSelect } from "../filter-select.tsx";
import { PagerNav, pageSummary } from "../pager-nav.tsx";

const when = (iso: string) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "Europe/Copenhagen" }).format(new Date(iso));
const short = (id: string) => `${id.slice(0, 8)}…`;

export interface EndpointOption {
  id: string;
  url: string;
  mode: "test" | "live";
}

/** Keys that page the list; changing any other key starts again at the top. */
const PAGING_KEYS = ["page"];

export function DeliveriesBrowser({ endpoints }: { endpoints: EndpointOption[] }) {
  const params = useSearchParams();
  const query = params.toString();
  const mode = params.get("mode") === "live" ? "live" : "test";
  const { data, isFetching, isError } = useQuery({
    queryKey: ["webhook-deliveries", query],
    queryFn: async (): Promise<DeliveryListPage> => {
      const response = await fetch(`/console/api/webhooks/deliveries?${query}`);
      if (!response.ok) throw new Error(`The deliveries could not be loaded (${response.status}).`);
      return response.json();
    },
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "Pending") ? 2_000 : false),
  });

  const pathname = usePathname();
  const update = useAddressUpdate(PAGING_KEYS);
  const modeHref = (m: "test" | "live") => {
    const next = new URLSearchParams(params);
    next.set("mode", m);
    next.delete("subscription");
    next.delete("page");
    return `${pathname}?${next}`;
  };

  const [trade, setTrade] = useState(params.get("trade") ?? "");
  const onTrade = (event: FormEvent) => {
    event.preventDefault();
    update({ trade: trade.trim() || undefined });
  };
  const page = data?.pagination.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.pagination.totalCount / data.pagination.pageSize)) : 1;
  const filtered = ["status", "event", "trade", "subscription"].some((key) => params.get(key));

  return (
    <div>
      <ModeTabs mode={mode} href={modeHref} />
      <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_14rem_1fr_1fr]">
        <FilterSelect className="min-w-0" id="status" label="Status" value={params.get("status") ?? ""} onChange={(v) => update({ status: v })} options={[["", "Any status"], ...DELIVERY_STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as [string, string])]} />
        <FilterSelect className="min-w-0" id="event" label="Event" value={params.get("event") ?? ""} onChange={(v) => update({ event: v })} options={[["", "Any event"], ...LOG_EVENT_NAMES.map((e) => [e, e] as [string, string])]} />
        <FilterSelect className="min-w-0" id="subscription" label="Endpoint" value={params.get("subscription") ?? ""} onChange={(v) => update({ subscription: v })} options={[["", "Any endpoint"], ...endpoints.filter((e) => e.mode === mode).map((e) => [e.id, e.url] as [string, string])]} />
        <form onSubmit={onTrade} role="search" aria-label="Deliveries of a trade" className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="trade" className="block text-xs font-medium text-slate-700">
              Trade id
            </label>
            <input id="trade" value={trade} onChange={(e) => setTrade(e.target.value)} placeholder="e.g. 3f2c…" className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm" />
          </div>
          <button type="submit" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Filter
          </button>
        </form>
      </div>
      {filtered && (
        <button
          type="button"
          onClick={() => {
            setTrade("");
            update({ status: undefined, event: undefined, trade: undefined, subscription: undefined });
          }}
          className="mt-2 text-sm font-medium text-brand-700 hover:underline"
        >
          Clear filters
        </button>
      )}

      <div className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">Webhook deliveries</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">
                Event
              </th>
              <th scope="col" className="px-4 py-2.5">
                Status
              </th>
              <th scope="col" className="px-4 py-2.5">
                Response
              </th>
              <th scope="col" className="px-4 py-2.5">
                Endpoint
              </th>
              <th scope="col" className="px-4 py-2.5">
                Trade
              </th>
              <th scope="col" className="px-4 py-2.5 text-right">
                Attempts
              </th>
              <th scope="col" className="px-4 py-2.5">
                Created
              </th>
            </tr>
          </thead>
          <tbody className={isFetching ? "opacity-70" : ""}>
            {data?.deliveries.map((d) => (
              <tr key={d.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                <td className="px-4 py-2.5">
                  <Link href={`/console/webhooks/deliveries/${d.id}`} className="font-mono text-xs font-semibold text-brand-700 hover:underline">
                    {d.eventName}
                  </Link>
                  <span className="block font-mono text-xs text-slate-500">{short(d.eventId)}</span>
                </td>
                <td className="px-4 py-2.5">
                  <DeliveryBadge status={d.status} attemptCount={d.attemptCount} />
                  {d.nextAttemptAt && d.attemptCount > 0 && <span className="block text-xs text-slate-600">next {when(d.nextAttemptAt)}</span>}
                </td>
                <td className="px-4 py-2.5 whitespace-nowrap">
                  {d.lastAttempt ? (
                    <>
                      <ResponseCode status={d.lastAttempt.responseStatus} error={d.lastAttempt.error} /> <span className="text-xs text-slate-500">{d.lastAttempt.durationMs} ms</span>
                    </>
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
                <td className="max-w-56 truncate px-4 py-2.5 font-mono text-xs text-slate-700" title={d.url}>
                  {d.url}
                </td>
                <td className="px-4 py-2.5 font-mono text-xs">
                  {d.tradeId ? (
                    <Link href={`/console/trades/${d.tradeId}`} className="text-brand-700 hover:underline" title={d.tradeId}>
                      {short(d.tradeId)}
                    </Link>
                  ) : (
                    <span className="text-slate-500">{d.marketplaceUserId ? `user ${d.marketplaceUserId}` : "—"}</span>
                  )}
                </td>
                <td className="px-4 py-2.5 text-right tabular-nums">{d.attemptCount}</td>
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-600" title={d.createdAt}>
                  {when(d.createdAt)}
                </td>
              </tr>
            ))}
            {data && data.deliveries.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-12 text-center">
                  <p className="font-medium text-slate-900">{filtered ? "No deliveries match these filters" : "No deliveries yet"}</p>
                  <p className="mt-1 text-sm text-slate-600">{filtered ? "Try another status, event or endpoint." : "Deliveries appear here when events are sent to your endpoints."}</p>
                </td>
              </tr>
            )}
            {!data && !isError && (
              <tr>
                <td colSpan={7} className="px-4 py-10 text-center text-slate-600">
                  Loading deliveries…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          The deliveries could not be loaded. Try again.
        </p>
      )}
      <PagerNav
        summary={pageSummary(data?.pagination.totalCount, ["delivery", "deliveries"], page, pages)}
        canPrevious={page > 1}
        canNext={page < pages}
        onPrevious={() => update({ page: String(page - 1) })}
        onNext={() => update({ page: String(page + 1) })}
      />
    </div>
  );
}
