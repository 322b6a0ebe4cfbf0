"use client";
// The payouts list: mode, state, trade and day filters and paging, all in the address (shareable,
// the back button works), fetched with TanStack Query from /console/api/payouts; the previous page
// stays on screen while the next loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import type { PayoutListPage } from "@/lib/console/payouts/list-payouts.ts";
import { FilterSelect } from "../filter-select.tsx";
import { useAddressUpdate } from "../use-address-update.ts";
import { PagerNav, pageSummary } from "../pager-nav.tsx";

const when = (iso: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(new Date(iso));
const PAGING_KEYS = ["page"];
const STATE_COLOURS = { Pending: "bg-slate-100 text-slate-800 ring-slate-300", Paid: "bg-emerald-50 text-emerald-900 ring-emerald-200", Failed: "bg-red-50 text-red-900 ring-red-200" } as const;

export function PayoutsBrowser() {
  const params = useSearchParams();
  const query = params.toString();
  const mode = params.get("mode") === "live" ? "live" : "test";
  const { data, isFetching, isError } = useQuery({
    queryKey: ["payouts", query],
    queryFn: async (): Promise<PayoutListPage> => {
      const response = await fetch(`/console/api/payouts?${query}`);
      if (!response.ok) throw new Error(`The payouts could not be loaded (${response.status}).`);
      return response.json();
    },
    placeholderData: keepPreviousData,
  });
  const update = useAddressUpdate(PAGING_KEYS);
  const page = data?.pagination.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.pagination.totalCount / data.pagination.pageSize)) : 1;
  const filtered = Boolean(params.get("state") || params.get("trade") || params.get("from") || params.get("to"));

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect className="w-40" id="mode" label="Mode" value={mode} onChange={(v) => update({ mode: v })} options={[["test", "Test (sandbox)"], ["live", "Live"]]} />
        <FilterSelect className="w-36" id="state" label="State" value={params.get("state") ?? ""} onChange={(v) => update({ state: v })} options={[["", "Any state"], ["Pending", "Pending"], ["Paid", "Paid"], ["Failed", "Failed"]]} />
        <DayFilter id="from" label="From (UTC day)" value={params.get("from") ?? ""} onChange={(v) => update({ from: v || undefined })} />
        <DayFilter id="to" label="To (UTC day)" value={params.get("to") ?? ""} onChange={(v) => update({ to: v || undefined })} />
      </div>
      {params.get("trade") && (
        <p className="mt-3 text-sm text-slate-700">
          Payouts of trade <span className="font-mono">{params.get("trade")}</span> ·{" "}
          <button type="button" className="text-brand-700 underline" onClick={() => update({ trade: undefined })}>
            show all
          </button>
        </p>
      )}

      <div className="relative mt-5 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[52rem] text-left text-sm">
          <caption className="sr-only">Payouts</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              {["Created", "Trade", "Recipient", "Account", "Amount", "State", "Bank reference"].map((heading) => (
                <th key={heading} scope="col" className={`px-4 py-2.5 font-semibold ${heading === "Amount" ? "text-right" : ""}`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={isFetching ? "opacity-60" : ""}>
            {data?.payouts.map((payout) => (
              <tr key={payout.payoutId} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-600">{when(payout.createdAt)}</td>
                <td className="px-4 py-2.5">
                  <Link href={`/console/trades/${payout.tradeId}`} className="font-mono text-xs text-brand-700 hover:underline">
                    {payout.tradeId.slice(0, 8)}
                  </Link>
                </td>
                <td className="px-4 py-2.5">
                  {payout.recipient}
                  {payout.recipientIsBusiness && <span className="block text-xs text-slate-600">business user</span>}
                </td>
                <td className="px-4 py-2.5 font-mono text-xs whitespace-nowrap">{payout.bankAccount}</td>
                <td className="px-4 py-2.5 text-right whitespace-nowrap tabular-nums">{payout.amount}</td>
                <td className="px-4 py-2.5">
                  <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATE_COLOURS[payout.state]}`}>{payout.state}</span>
                  {payout.paidAt && <span className="block text-xs text-slate-600">{when(payout.paidAt)}</span>}
                  {payout.failureReason && <span className="block max-w-56 text-xs text-red-800">{payout.failureReason}</span>}
                </td>
                <td className="px-4 py-2.5 font-mono text-xs">{payout.reference}</td>
              </tr>
            ))}
            {data && data.payouts.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-12 text-center">
                  <p className="font-medium text-slate-900">{filtered ? "No payouts match." : `No ${mode === "live" ? "live" : "sandbox"} payouts yet.`}</p>
                  <p className="mt-1 text-slate-600">{filtered ? "Try other filters." : "A payout appears once a trade is settled and its seller has a payout account."}</p>
                </td>
              </tr>
            )}
            {!data && !isError && (
              <tr>
                <td colSpan={7} className="px-4 py-10 text-center text-slate-600">
                  Loading payouts…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          The payouts could not be loaded. Try again.
        </p>
      )}
      <PagerNav
        summary={pageSummary(data?.pagination.totalCount, ["payout", "payouts"], page, pages)}
        canPrevious={page > 1}
        canNext={page < pages}
        onPrevious={() => update({ page: String(page - 1) })}
        onNext={() => update({ page: String(page + 1) })}
      />
    </div>
  );
}

function DayFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="w-40">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm" />
    </div>
  );
}
