"use client";
// Staff split a rejected or disputed trade: part of the item's money back to the buyer, the rest
// to the seller. The preview is the ledger's own split (lib/money/settlement.ts, exact bigint
// arithmetic), recomputed as staff type, so what they confirm is what the ledger will post.
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { amountFieldText, minorUnitsFromText } from "@/lib/money/amount-text.ts";
import { formatMoney } from "@/lib/money/format.ts";
import { refundableMinor, splitWithRefund } from "@/lib/money/settlement.ts";
import { consolePost } from "../kit/console-post.ts";

type Split = ReturnType<typeof splitWithRefund>;

/** The trade's item money, as decimal strings of minor units (a bigint does not cross to the browser as one). */
export interface ItemMoney {
  payeePayoutMinor: string;
  tenantRevenueMinor: string;
  serviceRevenueMinor: string;
}

export function SettleDispute({ tradeId, title, state, currency, money }: { tradeId: string; title: string; state: string; currency: string; money: ItemMoney }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const item = { payeePayoutMinor: BigInt(money.payeePayoutMinor), tenantRevenueMinor: BigInt(money.tenantRevenueMinor), serviceRevenueMinor: BigInt(money.serviceRevenueMinor) };
  const most = refundableMinor(item);
  const show = (minor: bigint) => formatMoney(minor, currency, "en");
  const refundMinor = minorUnitsFromText(amount, "en");
  const problem = amount.trim() === "" ? null : refundMinor === null ? "Enter an amount such as 20 or 20.50." : refundMinor > most ? `At most ${show(most)}: the buyer’s money for the item.` : null;
  const split = refundMinor !== null && !problem ? splitWithRefund({ ...item, refundMinor }) : null;

  async function confirm() {
    if (!split) return;
    setBusy(true);
    const result = await consolePost(`/console/api/trades/${encodeURIComponent(tradeId)}/settle`, { refundAmount: amountFieldText(split.refundMinor), reason, state });
    setBusy(false);
    if (result.ok) {
      dialog.current?.close();
      router.refresh();
    } else {
      setError(Object.values(result.fields)[0] ?? result.error);
    }
  }

  return (
    <>
      <button type="button" onClick={() => { setError(null); dialog.current?.showModal(); }} className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50">
        Split…
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
        <form method="dialog" className="p-6" onSubmit={(event) => { event.preventDefault(); void confirm(); }}>
          <h2 id={titleId} className="text-lg font-semibold">
            Split “{title}”
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            The buyer keeps the item and gets part of their money back; the seller is paid the rest. A refund comes out of the seller’s payout first, then your fees, then the service’s. Refunding all {show(most)} returns the trade with every fee.
          </p>
          <label htmlFor={`${titleId}-amount`} className="mt-4 block text-sm font-medium text-slate-800">
            Refund to the buyer ({currency})
          </label>
          <input id={`${titleId}-amount`} value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" required aria-invalid={problem ? true : undefined} aria-describedby={`${titleId}-hint`} className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 tabular-nums" />
          <p id={`${titleId}-hint`} className={`mt-1 text-xs ${problem ? "text-red-800" : "text-slate-600"}`}>
            {problem ?? `0 to ${show(most)}.`}
          </p>
          <label htmlFor={`${titleId}-reason`} className="mt-3 block text-sm font-medium text-slate-800">
            Reason (on the trade’s timeline)
          </label>
          <input id={`${titleId}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={2000} className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2" />
          <SplitPreview split={split} show={show} most={most} />
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {error}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Keep it
            </button>
            <button type="submit" disabled={busy || !split || !reason.trim()} className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
              {busy ? "Working…" : "Settle with this split"}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** Who gets what with the amount typed, and how the trade then ends. */
function SplitPreview({ split, show, most }: { split: Split | null; show: (minor: bigint) => string; most: bigint }) {
  const parts = [
    ["Buyer refund", split?.refundMinor],
    ["Seller payout", split?.payeePayoutMinor],
    ["Your fees", split?.tenantRevenueMinor],
    ["Service fees", split?.serviceRevenueMinor],
  ] as const;
  return (
    <>
      <table aria-label="Who gets what" aria-live="polite" className="mt-4 w-full text-sm">
        <tbody className="divide-y divide-slate-200">
          {parts.map(([label, minor]) => (
            <tr key={label}>
              <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                {label}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums">{minor === undefined ? "—" : show(minor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {split && (
        <p className="mt-2 text-xs text-slate-600">
          {split.refundMinor === most
            ? "The trade ends Returned; your backend receives trade.settled and trade.return_condition_accepted."
            : "The trade ends Succeeded and the seller is paid out; your backend receives trade.settled and trade.succeeded."}
        </p>
      )}
    </>
  );
}
