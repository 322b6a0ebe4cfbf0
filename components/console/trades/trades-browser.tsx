"use client";
// The trades list: search, filters, sorting and paging, all in the address (shareable, the back
// button works), fetched from /console/api/trades (useListQuery); the previous page stays on
// screen while the next loads.
import Link from "next/link";
import { useState } from "react";
import type { TradeListPage } from "@/lib/console/trades/list-trades.ts";
import { PHASES } from "@/lib/console/trades/trade-filters.ts";
import { TRADE_STATES, type TradeState } from "@/lib/trades/states.ts";
import { stateLabel } from "@/lib/trades/presentation/state-labels.ts";
import { tradeList } from "@/lib/console/operations/trades.ts";
import { FilterFields, MODE_OPTIONS, SearchForm, type FilterField } from "../kit/filters.tsx";
import { activeFilters, FoldedFilters } from "../kit/folded-filters.tsx";
import { ListTable, ROW, TD, Th } from "../kit/list-table.tsx";
import { Pager } from "../kit/pager.tsx";
import { useListQuery, type ListParams, type ListUpdate } from "../kit/use-list-query.ts";
import { StateBadge } from "../state-badge.tsx";
import { consoleWhen } from "../ui.tsx";

type Trade = TradeListPage["trades"][number];
type Sort = { sort: string; dir: string; sortBy: (column: "created" | "amount") => void };

const money = (amount: string, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(amount as unknown as number);
const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);

export function TradesBrowser() {
  const { data, isFetching, isError, params, update } = useListQuery({
    operation: tradeList,
    pagingKeys: ["after", "before"],
  });
  const [search, setSearch] = useState(params.get("q") ?? "");
  const sort = params.get("sort") ?? "created";
  const dir = params.get("dir") ?? "desc";
  const sortBy = (column: "created" | "amount") =>
    update({ sort: column, dir: sort === column && dir === "desc" ? "asc" : "desc" });
  const pagination = data?.pagination;

  return (
    <div>
      <SearchForm
        id="q"
        label="Search"
        placeholder="Trade id, reference id, user id or title"
        value={search}
        onChange={setSearch}
        onSearch={(q) => update({ q })}
        className="flex items-end gap-3"
        fieldClassName="min-w-0 flex-1"
      />
      <TradeFilters params={params} update={update} />
      <ListTable
        caption="Trades"
        tableClassName="min-w-[48rem]"
        head={<TradesHead sort={sort} dir={dir} sortBy={sortBy} />}
        columns={5}
        rows={data?.trades.length}
        isFetching={isFetching}
        isError={isError}
        loading="Loading trades…"
        empty={{ title: "No trades match." }}
        failed="The trades could not be loaded. Try again."
      >
        {data?.trades.map((trade) => (
          <TradeRow key={trade.tradeId} trade={trade} />
        ))}
      </ListTable>
      <Pager
        summary={pagination ? countText(pagination) : " "}
        canPrevious={Boolean(pagination?.previous)}
        canNext={Boolean(pagination?.next)}
        onPrevious={() => update({ before: pagination?.previous ?? undefined, after: undefined })}
        onNext={() => update({ after: pagination?.next ?? undefined, before: undefined })}
      />
    </div>
  );
}

/** The list counts up to 10,000 matches and no further (list-trades.ts). */
function countText({ totalCount, moreThanCount }: TradeListPage["pagination"]): string {
  if (moreThanCount) return `More than ${totalCount.toLocaleString("en-GB")} trades`;
  return totalCount === 1 ? "1 trade" : `${totalCount.toLocaleString("en-GB")} trades`;
}

const TRADE_FILTERS: FilterField[] = [
  { key: "mode", label: "Mode", options: MODE_OPTIONS, fallback: "test" },
  {
    key: "phase",
    label: "Phase",
    options: [["", "Any phase"], ...PHASES.map((p) => [p, capitalised(p)] as [string, string])],
  },
  {
    key: "state",
    label: "State",
    options: [["", "Any state"], ...TRADE_STATES.map((s) => [s, stateLabel(s)] as [string, string])],
  },
  { key: "from", label: "Created from", input: "date", applyOn: "blur" },
  { key: "to", label: "Created to", input: "date", applyOn: "blur" },
  { key: "min", label: "Amount from", input: "number", applyOn: "blur" },
  { key: "max", label: "Amount to", input: "number", applyOn: "blur" },
];

/** Folded behind a button on a phone: the list comes first (FoldedFilters). */
function TradeFilters({ params, update }: { params: ListParams; update: ListUpdate }) {
  return (
    <FoldedFilters
      active={activeFilters(params, TRADE_FILTERS)}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7"
    >
      <FilterFields fields={TRADE_FILTERS} params={params} update={update} />
    </FoldedFilters>
  );
}

function TradesHead({ sort, dir, sortBy }: Sort) {
  return (
    <>
      <SortableTh column="created" label="Created" sort={sort} dir={dir} sortBy={sortBy} />
      <Th>Trade</Th>
      <Th>Buyer → seller</Th>
      <SortableTh column="amount" label="Amount" right sort={sort} dir={dir} sortBy={sortBy} />
      <Th>State</Th>
    </>
  );
}

function SortableTh({
  column,
  label,
  right,
  sort,
  dir,
  sortBy,
}: Sort & { column: "created" | "amount"; label: string; right?: boolean }) {
  const sorted = sort === column;
  return (
    <Th right={right} aria-sort={sorted ? (dir === "asc" ? "ascending" : "descending") : "none"}>
      <button type="button" onClick={() => sortBy(column)} className="font-semibold uppercase hover:text-slate-900">
        {label}
        {sorted ? (dir === "asc" ? " ↑" : " ↓") : ""}
      </button>
    </Th>
  );
}

function TradeRow({ trade }: { trade: Trade }) {
  return (
    <tr className={ROW}>
      <td data-label="Created" className={`${TD} whitespace-nowrap text-slate-600`}>
        {consoleWhen(trade.createdAt, "minute")}
      </td>
      <td data-lead className={TD}>
        <Link href={`/console/trades/${trade.tradeId}`} className="font-medium text-brand-700 hover:underline">
          {trade.title}
        </Link>
        <span className="block font-mono text-xs text-slate-500">{trade.referenceId || trade.tradeId}</span>
      </td>
      <td data-label="Buyer → seller" className={`${TD} text-slate-700`}>
        {trade.payer} → {trade.payee}
      </td>
      <td data-label="Amount" className={`${TD} text-right whitespace-nowrap tabular-nums`}>
        {money(trade.amount, trade.currency)}
      </td>
      <td data-label="State" className={TD}>
        <StateBadge state={trade.state as TradeState} />
      </td>
    </tr>
  );
}
