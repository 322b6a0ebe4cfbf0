"use client";
// The request log: filters in the address (shareable, the back button works), fetched with
// TanStack Query from /console/api/developers/request-log, paged by cursor (Newer / Older). A row
// opens the call's details (also in the address, as `entry`).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useAddressUpdate } from "../use-address-update.ts";
import { useState, type FormEvent } from "react";
import type { RequestLogPage } from "@/lib/console/developers/request-log.ts";
import { METHODS } from "@/lib/console/developers/request-log-filters.ts";
import { MethodBadge, StatusBadge } from "./badges.tsx";
import { RequestLogDetail } from "./request-log-detail.tsx";
import { FilterSelect } from "../filter-select.tsx";

const shortWhen = (iso: string) => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "Europe/Copenhagen" }).format(new Date(iso));

/** Keys that page the list; changing any other key starts again at the top. */
const PAGING_KEYS = ["older", "newer", "entry"];

export function RequestLogBrowser() {
  const params = useSearchParams();
  const listParams = new URLSearchParams(params);
  listParams.delete("entry");
  const query = listParams.toString();
  const { data, isFetching, isError } = useQuery({
    queryKey: ["request-log", query],
    queryFn: async (): Promise<RequestLogPage> => {
      const response = await fetch(`/console/api/developers/request-log?${query}`);
      if (!response.ok) throw new Error(`The request log could not be loaded (${response.status}).`);
      return response.json();
    },
    placeholderData: keepPreviousData,
  });

  const update = useAddressUpdate(PAGING_KEYS);

  const [path, setPath] = useState(params.get("path") ?? "");
  const [correlationId, setCorrelationId] = useState(params.get("correlationId") ?? "");
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ path: path.trim() || undefined, correlationId: correlationId.trim() || undefined });
  };
  const entryId = params.get("entry");
  const filtered = ["status", "method", "path", "correlationId"].some((key) => params.get(key));

  return (
    <div>
      <form onSubmit={onSearch} role="search" aria-label="Filter the request log" className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[8rem_8rem_8rem_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <FilterSelect id="mode" label="Mode" value={params.get("mode") ?? "test"} onChange={(v) => update({ mode: v })} options={[["test", "Test"], ["live", "Live"]]} />
        <FilterSelect id="status" label="Status" value={params.get("status") ?? ""} onChange={(v) => update({ status: v })} options={[["", "Any status"], ["2xx", "2xx success"], ["4xx", "4xx refused"], ["5xx", "5xx failed"]]} />
        <FilterSelect id="method" label="Method" value={params.get("method") ?? ""} onChange={(v) => update({ method: v })} options={[["", "Any method"], ...METHODS.map((m) => [m, m] as [string, string])]} />
        <div>
          <label htmlFor="path" className="block text-xs font-medium text-slate-700">
            Path contains
          </label>
          <input id="path" value={path} onChange={(e) => setPath(e.target.value)} placeholder="/trades/initiate" className="mt-1 h-10 w-full rounded-lg border border-slate-400 px-3 text-sm" />
        </div>
        <div>
          <label htmlFor="correlationId" className="block text-xs font-medium text-slate-700">
            Correlation id
          </label>
          <input id="correlationId" value={correlationId} onChange={(e) => setCorrelationId(e.target.value)} placeholder="Exact X-Correlation-Id" className="mt-1 h-10 w-full rounded-lg border border-slate-400 px-3 font-mono text-sm" />
        </div>
        <button type="submit" className="h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
          Apply
        </button>
      </form>

      <div className="relative mt-5 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[52rem] table-fixed text-left text-sm">
          <caption className="sr-only">API calls, newest first</caption>
          <colgroup>
            <col className="w-44" />
            <col />
            <col className="w-44" />
            <col className="w-24" />
            <col className="w-44" />
          </colgroup>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">Time</th>
              <th scope="col" className="px-4 py-2.5 font-semibold">Request</th>
              <th scope="col" className="px-4 py-2.5 font-semibold">Status</th>
              <th scope="col" className="px-4 py-2.5 text-right font-semibold">Duration</th>
              <th scope="col" className="px-4 py-2.5 font-semibold">Key</th>
            </tr>
          </thead>
          <tbody className={isFetching ? "opacity-60" : ""}>
            {data?.entries.map((entry) => (
              <tr key={entry.entryId} onClick={() => update({ entry: entry.entryId }, "push")} className={`cursor-pointer border-b border-slate-100 last:border-0 hover:bg-slate-50 ${entry.entryId === entryId ? "bg-brand-50" : ""}`}>
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-600 tabular-nums">{shortWhen(entry.createdAt)}</td>
                <td className="px-4 py-2.5">
                  <button type="button" onClick={(e) => { e.stopPropagation(); update({ entry: entry.entryId }, "push"); }} className="flex w-full min-w-0 items-center text-left hover:underline">
                    <MethodBadge method={entry.method} />
                    <span title={entry.path} className="truncate font-mono text-xs text-slate-900">{entry.path}</span>
                  </button>
                </td>
                <td className="truncate px-4 py-2.5 whitespace-nowrap">
                  <StatusBadge status={entry.status} />
                  {entry.typeCode && <span className="ml-2 text-xs text-slate-600">{entry.typeCode}</span>}
                </td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums text-slate-700">{entry.durationMs.toLocaleString("en-GB")} ms</td>
                <td className="truncate px-4 py-2.5 whitespace-nowrap text-slate-700">{entry.token ? entry.token.name : "—"}</td>
              </tr>
            ))}
            {data && data.entries.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-12 text-center text-slate-600">
                  <p className="font-medium text-slate-800">{filtered ? "No calls match these filters." : "No API calls yet."}</p>
                  <p className="mt-1">{filtered ? "Widen the filters, or look in the other mode." : "Calls made with this mode’s keys appear here within a second."}</p>
                </td>
              </tr>
            )}
            {!data && !isError && (
              <tr>
                <td colSpan={5} className="px-4 py-12 text-center text-slate-600">
                  Loading calls…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          The request log could not be loaded. Try again.
        </p>
      )}
      <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
        <p aria-live="polite">{data ? `${data.entries.length} ${data.entries.length === 1 ? "call" : "calls"} on this page` : " "}</p>
        <div className="flex gap-2">
          <button type="button" disabled={!data?.newerCursor} onClick={() => update({ newer: data?.newerCursor ?? undefined, older: undefined }, "push")} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40">
            ← Newer
          </button>
          <button type="button" disabled={!data?.olderCursor} onClick={() => update({ older: data?.olderCursor ?? undefined, newer: undefined }, "push")} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40">
            Older →
          </button>
        </div>
      </nav>
      {entryId && <RequestLogDetail entryId={entryId} known={data?.entries.find((e) => e.entryId === entryId)} onClose={() => update({ entry: undefined })} />}
    </div>
  );
}
