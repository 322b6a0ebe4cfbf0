"use client";
// The delivery log: filters in the address (shareable, the back button works), fetched from
// /console/api/webhooks/deliveries (useListQuery) and paged on the server; the previous page stays
// on screen while the next loads, and the page refreshes itself while deliveries are pending.
import Link from "next/link";
import { useConsolePathname } from "../kit/address.ts";
import { useState } from "react";
import { DELIVERY_STATUSES, LOG_EVENT_NAMES } from "@/lib/console/webhooks/delivery-filters.ts";
import type { DeliveryListPage } from "@/lib/console/webhooks/list-deliveries.ts";
import { webhookDeliveryList } from "@/lib/console/operations/webhooks.ts";
import { FilterFields, SearchForm, type FilterField } from "../kit/filters.tsx";
import { activeFilters, FoldedFilters } from "../kit/folded-filters.tsx";
import { ListTable, ROW, TD, Th, type ListEmpty } from "../kit/list-table.tsx";
import { OffsetPager } from "../kit/pager.tsx";
import { useListQuery, type ListParams, type ListUpdate } from "../kit/use-list-query.ts";
import { consoleWhen } from "../ui.tsx";
import { DeliveryBadge, ResponseCode } from "./webhook-badges.tsx";
import { ModeTabs } from "../kit/mode-tabs.tsx";

const short = (id: string) => `${id.slice(0, 8)}…`;
const FILTER_KEYS = ["status", "event", "trade", "subscription"] as const;
const STATUS_OPTIONS: [string, string][] = [
  ["", "Any status"],
  ...DELIVERY_STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as [string, string]),
];
const EVENT_OPTIONS: [string, string][] = [
  ["", "Any event"],
  ...LOG_EVENT_NAMES.map((e) => [e, e] as [string, string]),
];
const HEADINGS = ["Event", "Status", "Response", "Endpoint", "Trade", "Created"];
/**
 * Fixed column widths: long event names, endpoint addresses and user ids wrap or shorten inside
 * their column instead of widening the table past its card (the Created column was cut at 1280 px).
 */
const COLUMNS = ["w-[22%]", "w-[16%]", "w-[13%]", "w-[19%]", "w-[14%]", "w-[16%]"];

export interface EndpointOption {
  id: string;
  url: string;
  mode: "test" | "live";
}

type Delivery = DeliveryListPage["deliveries"][number];

function emptyList(filtered: boolean): ListEmpty {
  if (filtered) return { title: "No deliveries match these filters", hint: "Try another status, event or endpoint." };
  return { title: "No deliveries yet", hint: "Deliveries appear here when events are sent to your endpoints." };
}

export function DeliveriesBrowser({ endpoints }: { endpoints: EndpointOption[] }) {
  const { data, isFetching, isError, params, update } = useListQuery({
    operation: webhookDeliveryList,
    pagingKeys: ["page"],
    refetchInterval: (page) => (page?.deliveries.some((d) => d.status === "Pending") ? 2_000 : false),
  });
  const pathname = useConsolePathname();
  const mode = params.get("mode") === "live" ? "live" : "test";
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const modeHref = (m: "test" | "live") => {
    const next = new URLSearchParams(params.toString());
    next.set("mode", m);
    next.delete("subscription");
    next.delete("page");
    return `${pathname}?${next}`;
  };

  return (
    <div>
      <ModeTabs mode={mode} href={modeHref} />
      <DeliveryFilters
        params={params}
        update={update}
        filtered={filtered}
        endpoints={endpoints.filter((e) => e.mode === mode)}
      />
      <ListTable
        className="mt-4"
        caption="Webhook deliveries"
        tableClassName="table-fixed"
        colgroup={
          <colgroup>
            {COLUMNS.map((width, i) => (
              <col key={i} className={width} />
            ))}
          </colgroup>
        }
        head={HEADINGS.map((heading) => (
          <Th key={heading}>{heading}</Th>
        ))}
        columns={HEADINGS.length}
        rows={data?.deliveries.length}
        isFetching={isFetching}
        isError={isError}
        loading="Loading deliveries…"
        empty={emptyList(filtered)}
        failed="The deliveries could not be loaded. Try again."
      >
        {data?.deliveries.map((d) => (
          <DeliveryRow key={d.id} d={d} />
        ))}
      </ListTable>
      <OffsetPager pagination={data?.pagination} noun={["delivery", "deliveries"]} update={update} />
    </div>
  );
}

function DeliveryFilters({
  params,
  update,
  filtered,
  endpoints,
}: {
  params: ListParams;
  update: ListUpdate;
  filtered: boolean;
  endpoints: EndpointOption[];
}) {
  const [trade, setTrade] = useState(params.get("trade") ?? "");
  const endpointOptions: [string, string][] = [
    ["", "Any endpoint"],
    ...endpoints.map((e) => [e.id, e.url] as [string, string]),
  ];
  const filters: FilterField[] = [
    { key: "status", label: "Status", options: STATUS_OPTIONS, className: "min-w-0" },
    { key: "event", label: "Event", options: EVENT_OPTIONS, className: "min-w-0" },
    { key: "subscription", label: "Endpoint", options: endpointOptions, className: "min-w-0" },
  ];
  const clear = () => {
    setTrade("");
    update({ status: undefined, event: undefined, trade: undefined, subscription: undefined });
  };
  return (
    <>
      <FoldedFilters
        active={activeFilters(params, [], [...FILTER_KEYS])}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_14rem_1fr_1fr]"
      >
        <FilterFields fields={filters} params={params} update={update} />
        <SearchForm
          id="trade"
          label="Trade id"
          placeholder="e.g. 3f2c…"
          value={trade}
          onChange={setTrade}
          onSearch={(id) => update({ trade: id })}
          button="Filter"
          ariaLabel="Deliveries of a trade"
          className="flex items-end gap-2"
          fieldClassName="min-w-0 flex-1"
          inputClassName="font-mono"
          buttonClassName="px-3"
        />
      </FoldedFilters>
      {filtered && (
        <button type="button" onClick={clear} className="mt-2 text-sm font-medium text-brand-700 hover:underline">
          Clear filters
        </button>
      )}
    </>
  );
}

function DeliveryRow({ d }: { d: Delivery }) {
  return (
    <tr className={ROW}>
      <td data-lead className={`${TD} [overflow-wrap:anywhere]`}>
        <Link
          href={`/console/webhooks/deliveries/${d.id}`}
          className="font-mono text-xs font-semibold text-brand-700 hover:underline"
        >
          {d.eventName}
        </Link>
        <span className="block font-mono text-xs text-slate-500">{short(d.eventId)}</span>
      </td>
      <td data-label="Status" className={TD}>
        <DeliveryBadge status={d.status} attemptCount={d.attemptCount} />
        <span className="block text-xs text-slate-600">
          {d.attemptCount === 1 ? "1 attempt" : `${d.attemptCount} attempts`}
        </span>
        {d.nextAttemptAt && d.attemptCount > 0 && (
          <span className="block text-xs text-slate-600">next {consoleWhen(d.nextAttemptAt, "log")}</span>
        )}
      </td>
      <td data-label="Response" className={TD}>
        {d.lastAttempt ? (
          <>
            <ResponseCode status={d.lastAttempt.responseStatus} error={d.lastAttempt.error} />{" "}
            <span className="text-xs whitespace-nowrap text-slate-500">{d.lastAttempt.durationMs} ms</span>
          </>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td data-label="Endpoint" className={`${TD} font-mono text-xs text-slate-700`}>
        <span className="block truncate" title={d.url}>
          {d.url}
        </span>
      </td>
      <td data-label="Trade" className={`${TD} font-mono text-xs`}>
        <DeliverySubject d={d} />
      </td>
      <td data-label="Created" className={`${TD} text-slate-600`} title={d.createdAt}>
        {consoleWhen(d.createdAt, "log")}
      </td>
    </tr>
  );
}

/** The trade the event is about, or the user (user.connected), shortened to fit its column. */
function DeliverySubject({ d }: { d: Delivery }) {
  if (d.tradeId)
    return (
      <Link href={`/console/trades/${d.tradeId}`} className="text-brand-700 hover:underline" title={d.tradeId}>
        {short(d.tradeId)}
      </Link>
    );
  if (!d.marketplaceUserId) return <span className="text-slate-500">—</span>;
  return (
    <span className="block truncate text-slate-500" title={d.marketplaceUserId}>
      user {d.marketplaceUserId}
    </span>
  );
}
