"use client";
// The request log: filters in the address (shareable, the back button works), fetched from
// /console/api/developers/request-log (useListQuery), paged by cursor (Newer / Older). A row opens
// the call's details (also in the address, as `entry`).
import { useState, type FormEvent } from "react";
import type { RequestLogEntry } from "@/lib/console/developers/list-request-log.ts";
import { METHODS } from "@/lib/console/developers/request-log-filters.ts";
import { requestLogList } from "@/lib/console/operations/developers.ts";
import { FilterFields, type FilterField } from "../kit/filters.tsx";
import { activeFilters, FoldedFilters } from "../kit/folded-filters.tsx";
import { ListTable, TD, Th, type ListEmpty } from "../kit/list-table.tsx";
import { Pager } from "../kit/pager.tsx";
import { useListQuery, type ListParams, type ListUpdate } from "../kit/use-list-query.ts";
import { consoleWhen } from "../ui.tsx";
import { MethodBadge, StatusBadge } from "./api-badges.tsx";
import { RequestLogDetail } from "./request-log-detail.tsx";

const MODE_OPTIONS: [string, string][] = [
  ["test", "Test"],
  ["live", "Live"],
];
const STATUS_OPTIONS: [string, string][] = [
  ["", "Any status"],
  ["2xx", "2xx success"],
  ["4xx", "4xx refused"],
  ["5xx", "5xx failed"],
];
const METHOD_OPTIONS: [string, string][] = [["", "Any method"], ...METHODS.map((m) => [m, m] as [string, string])];
const FIELD = "mt-1 h-10 w-full rounded-lg border border-slate-400 px-3 text-sm";

function emptyList(filtered: boolean): ListEmpty {
  if (filtered)
    return { title: "No calls match these filters.", hint: "Widen the filters, or look in the other mode." };
  return { title: "No API calls yet.", hint: "Calls made with this mode’s keys appear here within a second." };
}

export function RequestLogBrowser() {
  const { data, isFetching, isError, params, update } = useListQuery({
    operation: requestLogList,
    pagingKeys: ["older", "newer", "entry"],
    ignoredKeys: ["entry"],
  });
  const entryId = params.get("entry");
  const filtered = ["status", "method", "path", "correlationId"].some((key) => params.get(key));
  const open = (entry: string) => update({ entry }, "push");
  const count = data?.entries.length;

  return (
    <div>
      <RequestLogFilters params={params} update={update} />
      <ListTable
        caption="API calls, newest first"
        tableClassName="min-w-[52rem] table-fixed"
        colgroup={<RequestLogColumns />}
        head={
          <>
            <Th>Time</Th>
            <Th>Request</Th>
            <Th>Status</Th>
            <Th right>Duration</Th>
            <Th>Key</Th>
          </>
        }
        columns={5}
        rows={count}
        isFetching={isFetching}
        isError={isError}
        loading="Loading calls…"
        empty={emptyList(filtered)}
        failed="The request log could not be loaded. Try again."
      >
        {data?.entries.map((entry) => (
          <RequestRow key={entry.entryId} entry={entry} selected={entry.entryId === entryId} open={open} />
        ))}
      </ListTable>
      <Pager
        summary={count === undefined ? " " : `${count} ${count === 1 ? "call" : "calls"} on this page`}
        labels={["← Newer", "Older →"]}
        canPrevious={Boolean(data?.newerCursor)}
        canNext={Boolean(data?.olderCursor)}
        onPrevious={() => update({ newer: data?.newerCursor ?? undefined, older: undefined }, "push")}
        onNext={() => update({ older: data?.olderCursor ?? undefined, newer: undefined }, "push")}
      />
      {entryId && (
        <RequestLogDetail
          entryId={entryId}
          known={data?.entries.find((e) => e.entryId === entryId)}
          onClose={() => update({ entry: undefined })}
        />
      )}
    </div>
  );
}

function RequestLogColumns() {
  return (
    <colgroup>
      <col className="w-44" />
      <col />
      <col className="w-44" />
      <col className="w-24" />
      <col className="w-44" />
    </colgroup>
  );
}

const REQUEST_LOG_FILTERS: FilterField[] = [
  { key: "mode", label: "Mode", options: MODE_OPTIONS, fallback: "test" },
  { key: "status", label: "Status", options: STATUS_OPTIONS },
  { key: "method", label: "Method", options: METHOD_OPTIONS },
];

function RequestLogFilters({ params, update }: { params: ListParams; update: ListUpdate }) {
  const [path, setPath] = useState(params.get("path") ?? "");
  const [correlationId, setCorrelationId] = useState(params.get("correlationId") ?? "");
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ path: path.trim() || undefined, correlationId: correlationId.trim() || undefined });
  };
  const active = activeFilters(params, REQUEST_LOG_FILTERS, ["path", "correlationId"]);
  return (
    <FoldedFilters active={active} className="">
      <form
        onSubmit={onSearch}
        role="search"
        aria-label="Filter the request log"
        className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[8rem_8rem_8rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <FilterFields fields={REQUEST_LOG_FILTERS} params={params} update={update} />
        <div>
          <label htmlFor="path" className="block text-xs font-medium text-slate-700">
            Path contains
          </label>
          <input
            id="path"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder="/trades/initiate"
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="correlationId" className="block text-xs font-medium text-slate-700">
            Correlation id
          </label>
          <input
            id="correlationId"
            value={correlationId}
            onChange={(e) => setCorrelationId(e.target.value)}
            placeholder="Exact X-Correlation-Id"
            className={`${FIELD} font-mono`}
          />
        </div>
        <button
          type="submit"
          className="h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Apply
        </button>
      </form>
    </FoldedFilters>
  );
}

function RequestRow({
  entry,
  selected,
  open,
}: {
  entry: RequestLogEntry;
  selected: boolean;
  open: (entryId: string) => void;
}) {
  return (
    <tr
      onClick={() => open(entry.entryId)}
      className={`cursor-pointer border-b border-slate-100 last:border-0 hover:bg-slate-50 ${selected ? "bg-brand-50" : ""}`}
    >
      <td data-label="Time" className={`${TD} whitespace-nowrap text-slate-600 tabular-nums`}>
        {consoleWhen(entry.createdAt, "log")}
      </td>
      <td data-lead className={TD}>
        <button
          type="button"
          onClick={(e) => {
            e.stopPropagation();
            open(entry.entryId);
          }}
          className="flex w-full min-w-0 items-center text-left hover:underline"
        >
          <MethodBadge method={entry.method} />
          <span title={entry.path} className="truncate font-mono text-xs text-slate-900">
            {entry.path}
          </span>
        </button>
      </td>
      <td data-label="Status" className={`truncate ${TD} whitespace-nowrap`}>
        <StatusBadge status={entry.status} />
        {entry.typeCode && <span className="ml-2 text-xs text-slate-600">{entry.typeCode}</span>}
      </td>
      <td data-label="Duration" className={`${TD} text-right whitespace-nowrap tabular-nums text-slate-700`}>
        {entry.durationMs.toLocaleString("en-GB")} ms
      </td>
      <td data-label="Key" className={`truncate ${TD} whitespace-nowrap text-slate-700`}>
        {entry.token ? entry.token.name : "—"}
      </td>
    </tr>
  );
}
