// Where the money went: payments, shipping labels with their tracking, and the ledger (every
// transfer's postings, which sum to zero).
import type { ConsoleTrade } from "@/lib/console/trades/load-trade.ts";
import { consoleMoney, consoleWhen, Empty, Section } from "../ui.tsx";

export function Payments({ payments }: { payments: ConsoleTrade["payments"] }) {
  return (
    <Section title="Payments" id="payments">
      {payments.length === 0 ? (
        <Empty>No payment yet.</Empty>
      ) : (
        <div className="card-table card-table-flush relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Payments</caption>
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-1.5 pr-3">
                  Purpose
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  By
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right">
                  Amount
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  State
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  Method and attempts
                </th>
                <th scope="col" className="py-1.5">
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-t border-slate-100">
                  <td data-lead className="py-1.5 pr-3 font-medium">
                    {p.purpose}
                  </td>
                  <td data-label="By" className="py-1.5 pr-3">
                    {p.marketplaceUserId}
                  </td>
                  <td data-label="Amount" className="py-1.5 pr-3 text-right tabular-nums">
                    {consoleMoney(p.amountMinor, p.currency)}
                  </td>
                  <td data-label="State" className="py-1.5 pr-3">
                    {p.state === "PartiallyRefunded" ? "Partly refunded" : p.state}
                    {p.refundedMinor > 0n && (
                      <span className="block text-xs text-slate-600">
                        {consoleMoney(p.refundedMinor, p.currency)} back to the payer
                      </span>
                    )}
                  </td>
                  <td data-label="Method" className="py-1.5 pr-3 text-xs">
                    <span className="font-mono">{p.method ?? "—"}</span>
                    <PaymentAttempts attempts={p.attempts} />
                  </td>
                  <td data-label="Created" className="py-1.5 whitespace-nowrap">
                    {consoleWhen(p.createdAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

const ATTEMPT_OUTCOMES: Record<string, string> = {
  succeeded: "paid",
  declined_by_bank: "declined by the bank",
  not_confirmed: "not confirmed by the payer",
};

/** Every try at paying, so support can answer "why was my card refused" (declines leave the payment Pending). */
function PaymentAttempts({ attempts }: { attempts: ConsoleTrade["payments"][number]["attempts"] }) {
  if (attempts.length === 0) return null;
  return (
    <ol className="mt-1 space-y-0.5 text-slate-600" aria-label="Attempts">
      {attempts.map((a) => (
        <li key={a.id}>
          {consoleWhen(a.createdAt)}: {ATTEMPT_OUTCOMES[a.outcome] ?? a.outcome} (
          {a.method ? <span className="font-mono">{a.method}</span> : a.source})
        </li>
      ))}
    </ol>
  );
}

export function Labels({ labels, currency }: { labels: ConsoleTrade["labels"]; currency: string }) {
  return (
    <Section title="Shipping labels" id="labels">
      {labels.length === 0 ? (
        <Empty>No label bought yet.</Empty>
      ) : (
        <ul className="space-y-3">
          {labels.map((label) => (
            <li key={label.id} className="text-sm">
              <p className="font-medium">
                {label.leg} · {label.carrier} · {label.status} · {consoleMoney(label.priceMinor, currency)} (buyer{" "}
                {consoleMoney(label.labelPricePayerMinor, currency)}, seller{" "}
                {consoleMoney(label.labelPricePayeeMinor, currency)})
              </p>
              {label.labelCode && (
                <p className="text-slate-700">
                  Code <span className="font-mono">{label.labelCode}</span>
                  {label.trackingUrl && (
                    <>
                      {" · "}
                      <a href={label.trackingUrl} className="text-brand-700 underline">
                        tracking
                      </a>
                    </>
                  )}
                </p>
              )}
              {label.trackingEvents.length > 0 && (
                <p className="text-slate-600">
                  {label.trackingEvents.map((e) => `${e.event} ${consoleWhen(e.occurredAt)}`).join(" · ")}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Ledger({ transfers, currency }: { transfers: ConsoleTrade["transfers"]; currency: string }) {
  return (
    <Section title="Ledger" id="ledger">
      {transfers.length === 0 ? (
        <Empty>No money has moved.</Empty>
      ) : (
        <div className="space-y-4">
          {transfers.map((transfer) => (
            <div key={transfer.id}>
              <p className="text-sm font-medium">
                {transfer.kind} <span className="font-normal text-slate-600">· {consoleWhen(transfer.createdAt)}</span>
              </p>
              <div className="relative overflow-x-auto">
                <table className="mt-1 w-full max-w-xl text-left text-sm">
                  <tbody>
                    {transfer.postings.map((posting) => (
                      <tr key={String(posting.id)} className="border-t border-slate-100">
                        <td className="py-1 pr-3 font-mono text-xs">{posting.account}</td>
                        <td
                          className={`py-1 text-right tabular-nums ${posting.amountMinor < 0n ? "text-slate-600" : ""}`}
                        >
                          {consoleMoney(posting.amountMinor, currency)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}
