"use client";
// The payouts list: mode, state, trade and day filters and paging, all in the address (shareable,
// the back button works), fetched from /console/api/payouts (useListQuery); the previous page
// stays on screen while the next loads.
import Link from "next/link";
import type { PayoutListPage } from "@/lib/console/payouts/list-payouts.ts";
import { payoutList } from "@/lib/console/operations/money.ts";
import { FilterFields, MODE_OPTIONS, type FilterField } from "../kit/filters.tsx";
import { activeFilters, FoldedFilters } from "../kit/folded-filters.tsx";
import { ListTable, ROW, TD, Th, type ListEmpty } from "../kit/list-table.tsx";
import { OffsetPager } from "../kit/pager.tsx";
import { useListQuery, type ListParams, type ListUpdate } from "../kit/use-list-query.ts";
import { consoleWhen } from "../ui.tsx";

const STATE_COLOURS = {
  Pending: "bg-slate-100 text-slate-800 ring-slate-300",
  Paid: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  Failed: "bg-red-50 text-red-900 ring-red-200",
} as const;
const STATE_OPTIONS: [string, string][] = [
  ["", "Any state"],
  ["Pending", "Pending"],
  ["Paid", "Paid"],
  ["Failed", "Failed"],
];
const HEADINGS = ["Created", "Trade", "Recipient", "Account", "Amount", "State", "Bank reference"];

function emptyList(filtered: boolean, mode: "test" | "live"): ListEmpty {
  if (filtered) return { title: "No payouts match.", hint: "Try other filters." };
  return {
    title: `No ${mode === "live" ? "live" : "sandbox"} payouts yet.`,
    hint: "A payout appears once a trade is settled and its seller has a payout account.",
  };
}

export function PayoutsBrowser() {
  const { data, isFetching, isError, params, update } = useListQuery({
    operation: payoutList,
    pagingKeys: ["page"],
  });
  const mode = params.get("mode") === "live" ? "live" : "test";
  const filtered = Boolean(params.get("state") || params.get("trade") || params.get("from") || params.get("to"));

  return (
    <div>
      <PayoutFilters params={params} update={update} />
      <ListTable
        caption="Payouts"
        tableClassName="min-w-[52rem]"
        head={HEADINGS.map((heading) => (
          <Th key={heading} right={heading === "Amount"}>
            {heading}
          </Th>
        ))}
        columns={HEADINGS.length}
        rows={data?.payouts.length}
        isFetching={isFetching}
        isError={isError}
        loading="Loading payouts…"
        empty={emptyList(filtered, mode)}
        failed="The payouts could not be loaded. Try again."
      >
        {data?.payouts.map((payout) => (
          <PayoutRow key={payout.payoutId} payout={payout} />
        ))}
      </ListTable>
      <OffsetPager pagination={data?.pagination} noun={["payout", "payouts"]} update={update} />
    </div>
  );
}

const PAYOUT_FILTERS: FilterField[] = [
  { key: "mode", label: "Mode", options: MODE_OPTIONS, fallback: "test", className: "w-40" },
  { key: "state", label: "State", options: STATE_OPTIONS, className: "w-36" },
  { key: "from", label: "From (UTC day)", input: "date", applyOn: "change", className: "w-40" },
  { key: "to", label: "To (UTC day)", input: "date", applyOn: "change", className: "w-40" },
];

function PayoutFilters({ params, update }: { params: ListParams; update: ListUpdate }) {
  const trade = params.get("trade");
  return (
    <>
      <FoldedFilters active={activeFilters(params, PAYOUT_FILTERS)} className="flex flex-wrap items-end gap-3">
        <FilterFields fields={PAYOUT_FILTERS} params={params} update={update} />
      </FoldedFilters>
      {trade && (
        <p className="mt-3 text-sm text-slate-700">
          Payouts of trade <span className="font-mono">{trade}</span> ·{" "}
          <button type="button" className="text-brand-700 underline" onClick={() => update({ trade: undefined })}>
            show all
          </button>
        </p>
      )}
    </>
  );
}

function PayoutRow({ payout }: { payout: PayoutListPage["payouts"][number] }) {
  return (
    <tr className={ROW}>
      <td data-label="Created" className={`${TD} whitespace-nowrap text-slate-600`}>
        {consoleWhen(payout.createdAt, "minute")}
      </td>
      <td data-label="Trade" className={TD}>
        <Link href={`/console/trades/${payout.tradeId}`} className="font-mono text-xs text-brand-700 hover:underline">
          {payout.tradeId.slice(0, 8)}
        </Link>
      </td>
      <td data-lead className={TD}>
        {payout.recipient}
        {payout.recipientIsBusiness && <span className="block text-xs text-slate-600">business user</span>}
      </td>
      <td data-label="Account" className={`${TD} font-mono text-xs whitespace-nowrap`}>
        {payout.bankAccount}
      </td>
      <td data-label="Amount" className={`${TD} text-right whitespace-nowrap tabular-nums`}>
        {payout.amount}
      </td>
      <td data-label="State" className={TD}>
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_COLOURS[payout.state]}`}
        >
          {payout.state}
        </span>
        {payout.paidAt && <span className="block text-xs text-slate-600">{consoleWhen(payout.paidAt, "minute")}</span>}
        {payout.failureReason && <span className="block max-w-56 text-xs text-red-800">{payout.failureReason}</span>}
      </td>
      <td data-label="Bank reference" className={`${TD} font-mono text-xs`}>
        {payout.reference}
      </td>
    </tr>
  );
}
