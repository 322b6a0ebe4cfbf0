"use client";
// The Finance page: the balance now and at the end of the chosen UTC day, that day's movements by
// type, and the reconciliation of the ledger with the payment and payout records. Mode and day
// live in the address (shareable); fetched from /console/api/finance (useListQuery).
import Link from "next/link";
import type { FinancePage } from "@/lib/console/finance/load-finance.ts";
import { financeView } from "@/lib/console/operations/money.ts";
import { FilterSelect, MODE_OPTIONS } from "../kit/filters.tsx";
import { useListQuery } from "../kit/use-list-query.ts";

const FIELD_LABELS: Record<string, string> = {
  heldInEscrow: "Held in escrow",
  payableToPayees: "Owed to sellers",
  refundsPending: "Refunds pending",
  payableToCarriers: "Owed to carriers",
  tenantRevenue: "Your fee revenue",
  serviceFees: "Service fees",
};
const TYPE_LABELS: Record<string, string> = {
  funding: "Funding",
  refund: "Refunds",
  payout: "Payouts",
  label: "Shipping labels",
  fee: "Fees",
  revenue: "Revenue (settled trades)",
  settlement: "Settlements (partial refunds)",
};
const CHECK_LABELS = { payments: "Payment records", payouts: "Payout records", transfers: "Ledger transfers" } as const;

export function FinanceView() {
  const { data, isFetching, isError, params, update } = useListQuery({
    operation: financeView,
    pagingKeys: [],
  });
  const mode = params.get("mode") === "live" ? "live" : "test";

  return (
    <div className={isFetching ? "opacity-60" : ""}>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          className="w-40"
          id="mode"
          label="Mode"
          value={mode}
          onChange={(v) => update({ mode: v })}
          options={MODE_OPTIONS}
        />
        <div className="w-44">
          <label htmlFor="day" className="block text-xs font-medium text-slate-700">
            Day (UTC)
          </label>
          <input
            id="day"
            type="date"
            value={params.get("day") ?? data?.day ?? ""}
            onChange={(e) => update({ day: e.target.value || undefined })}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
          />
        </div>
      </div>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Finance could not be loaded. Try again.
        </p>
      )}
      {!data && !isError && <p className="mt-6 text-sm text-slate-600">Loading finance…</p>}
      {data && (
        <>
          <section aria-labelledby="balance-heading" className="mt-6">
            <h2 id="balance-heading" className="text-lg font-semibold">
              Balance
            </h2>
            <BalanceTable now={data.balanceNow} endOfDay={data.balanceAtEndOfDay} day={data.day} />
          </section>
          <section aria-labelledby="movements-heading" className="mt-8">
            <h2 id="movements-heading" className="text-lg font-semibold">
              Movements on {data.day}
            </h2>
            <MovementsTable movements={data.movements} day={data.day} />
          </section>
          <section aria-labelledby="reconciliation-heading" className="mt-8">
            <h2 id="reconciliation-heading" className="text-lg font-semibold">
              Reconciliation
            </h2>
            <ReconciliationResult reconciliation={data.reconciliation} />
          </section>
          <section aria-labelledby="rail-heading" className="mt-8">
            <h2 id="rail-heading" className="text-lg font-semibold">
              The payment rail
            </h2>
            <RailReconciliation rail={data.rail} />
          </section>
        </>
      )}
    </div>
  );
}

function BalanceTable({
  now,
  endOfDay,
  day,
}: {
  now: FinancePage["balanceNow"];
  endOfDay: FinancePage["balanceAtEndOfDay"];
  day: string;
}) {
  return (
    <div className="card-table relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Balance now and at the end of {day}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Account
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Now
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              End of {day}
            </th>
          </tr>
        </thead>
        <tbody>
          {now.map((balance) => {
            const then = endOfDay.find((b) => b.currency === balance.currency);
            return [
              ...balance.fields.map((f, i) => (
                <tr key={`${balance.currency}-${f.field}`} className="border-b border-slate-100">
                  <th scope="row" className="px-4 py-2 font-normal">
                    {FIELD_LABELS[f.field] ?? f.field}
                  </th>
                  <td data-label="Now" className="px-4 py-2 text-right tabular-nums">
                    {f.amount}
                  </td>
                  <td data-label={`End of ${day}`} className="px-4 py-2 text-right tabular-nums">
                    {then?.fields[i]?.amount ?? "—"}
                  </td>
                </tr>
              )),
              <tr key={`${balance.currency}-total`} className="border-b border-slate-200 bg-slate-50 font-semibold">
                <th scope="row" className="px-4 py-2">
                  Total ({balance.currency})
                </th>
                <td data-label="Now" className="px-4 py-2 text-right tabular-nums">
                  {balance.total}
                </td>
                <td data-label={`End of ${day}`} className="px-4 py-2 text-right tabular-nums">
                  {then?.total ?? "—"}
                </td>
              </tr>,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}

function MovementsTable({ movements, day }: { movements: FinancePage["movements"]; day: string }) {
  const none = movements.every((m) => m.count === 0);
  return (
    <div className="card-table relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Balance transactions on {day} by type</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Type
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Count
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Effect on the balance
            </th>
          </tr>
        </thead>
        <tbody>
          {movements.map((m) => (
            <tr
              key={`${m.currency}-${m.type}`}
              className={`border-b border-slate-100 last:border-0 ${m.count === 0 ? "text-slate-500" : ""}`}
            >
              <th scope="row" className="px-4 py-2 font-normal">
                {TYPE_LABELS[m.type] ?? m.type}
              </th>
              <td data-label="Count" className="px-4 py-2 text-right tabular-nums">
                {m.count}
              </td>
              <td data-label="Effect on the balance" className="px-4 py-2 text-right tabular-nums">
                {m.net}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {none && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">No money moved on this day.</p>
      )}
    </div>
  );
}

function ReconciliationResult({ reconciliation }: { reconciliation: FinancePage["reconciliation"] }) {
  if (reconciliation.agree) {
    return (
      <p className="mt-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
        The ledger, the payment records and the payout records agree, and every ledger transfer balances.
      </p>
    );
  }
  const { counts } = reconciliation;
  return (
    <div className="mt-3">
      <p className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
        Disagreements: {counts.payments} with payment records, {counts.payouts} with payout records, {counts.transfers}{" "}
        unbalanced transfers. The first of each are listed.
      </p>
      <ul className="mt-3 space-y-2">
        {reconciliation.disagreements.map((d, i) => (
          <li key={i} className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm">
            <p className="font-medium">
              {CHECK_LABELS[d.check]}
              {d.tradeId && (
                <>
                  {" · trade "}
                  <Link
                    href={`/console/trades/${d.tradeId}`}
                    className="font-mono text-xs text-brand-700 hover:underline"
                  >
                    {d.tradeId.slice(0, 8)}
                  </Link>
                </>
              )}
            </p>
            <p className="text-slate-700">{d.note}</p>
            <ul className="mt-1 text-slate-700">
              {d.figures.map((f) => (
                <li key={f.label} className="tabular-nums">
                  {f.label}: ledger {f.ledger}, records {f.records}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

const MISMATCH_LABELS: Record<string, string> = {
  missing_here: "Moved at the rail, unknown here",
  missing_at_rail: "Recorded here, not at the rail",
  amount_differs: "Amounts differ",
};

/** The rail's balance transactions against our records (lib/payments/reconcile-rail.ts), daily. */
function RailReconciliation({ rail }: { rail: FinancePage["rail"] }) {
  if (!rail.latest)
    return <p className="mt-3 text-sm text-slate-600">The payment rail has not been reconciled yet: it runs daily.</p>;
  const { latest } = rail;
  return (
    <div className="mt-3">
      {rail.count === 0 ? (
        <p className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
          The rail ({latest.provider}) and your records agree: {latest.matched} movements matched on {latest.day}.
        </p>
      ) : (
        <p className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200">
          {rail.count} {rail.count === 1 ? "mismatch" : "mismatches"} between the payment rail and your records. The
          newest are listed.
        </p>
      )}
      {rail.mismatches.length > 0 && (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 pr-4 font-medium">Day</th>
              <th className="py-1 pr-4 font-medium">What</th>
              <th className="py-1 pr-4 font-medium">Rail object</th>
              <th className="py-1 pr-4 font-medium">Trade</th>
              <th className="py-1 pr-4 text-right font-medium">At the rail</th>
              <th className="py-1 text-right font-medium">Here</th>
            </tr>
          </thead>
          <tbody>
            {rail.mismatches.map((m) => (
              <tr key={m.id} className="border-t border-slate-200">
                <td className="py-1 pr-4 tabular-nums">{m.day}</td>
                <td className="py-1 pr-4">
                  {MISMATCH_LABELS[m.kind] ?? m.kind} ({m.objectType})
                </td>
                <td className="py-1 pr-4 font-mono text-xs">{m.railObjectId ?? "—"}</td>
                <td className="py-1 pr-4">
                  {m.tradeId ? (
                    <Link
                      href={`/console/trades/${m.tradeId}`}
                      className="font-mono text-xs text-brand-700 hover:underline"
                    >
                      {m.tradeId.slice(0, 8)}
                    </Link>
                  ) : (
                    "—"
                  )}
                </td>
                <td className="py-1 pr-4 text-right tabular-nums">{m.atRail ?? "—"}</td>
                <td className="py-1 text-right tabular-nums">{m.ours ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
