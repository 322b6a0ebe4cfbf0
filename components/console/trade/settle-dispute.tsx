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
import { tradeSettle } from "@/lib/console/operations/trades.ts";

type Split = ReturnType<typeof splitWithRefund>;

/** The trade's item money, as decimal strings of minor units (a bigint does not cross to the browser as one). */
export interface ItemMoney {
  payeePayoutMinor: string;
  tenantRevenueMinor: string;
  serviceRevenueMinor: string;
}

interface SettleDisputeProps {
  tradeId: string;
  title: string;
  state: string;
  currency: string;
  money: ItemMoney;
}

export function SettleDispute({ tradeId, title, state, currency, money }: SettleDisputeProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const { most, show, problem, split } = useRefundSplit(money, currency, amount);
  const { busy, error, setError, settle } = useSettle(tradeId, state, () => dialog.current?.close());

  return (
    <>
      <button
        type="button"
        onClick={() => {
          setError(null);
          dialog.current?.showModal();
        }}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      >
        Split…
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <form
          method="dialog"
          className="p-6"
          onSubmit={(event) => {
            event.preventDefault();
            if (split) void settle(split, reason);
          }}
        >
          <h2 id={titleId} className="text-lg font-semibold">
            Split “{title}”
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            The buyer keeps the item and gets part of their money back; the seller is paid the rest. A refund comes out
            of the seller’s payout first, then your fees, then the service’s. Refunding all {show(most)} returns the
            trade with every fee.
          </p>
          <SplitFields
            idPrefix={titleId}
            currency={currency}
            amount={amount}
            onAmount={setAmount}
            problem={problem}
            range={`0 to ${show(most)}.`}
            reason={reason}
            onReason={setReason}
          />
          <SplitPreview split={split} show={show} most={most} />
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {error}
            </p>
          )}
          <DialogButtons busy={busy} ready={!!split && !!reason.trim()} onKeep={() => dialog.current?.close()} />
        </form>
      </dialog>
    </>
  );
}

/** Posting the split: when the server takes it the page reloads; when it refuses, its first message shows. */
function useSettle(tradeId: string, state: string, onSettled: () => void) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function settle(split: Split, reason: string) {
    setBusy(true);
    const result = await consolePost(
      tradeSettle,
      { tradeId },
      {
        refundAmount: amountFieldText(split.refundMinor),
        reason,
        state,
      },
    );
    setBusy(false);
    if (result.ok) {
      onSettled();
      router.refresh();
    } else {
      setError(Object.values(result.fields)[0] ?? result.error);
    }
  }
  return { busy, error, setError, settle };
}

/**
 * The ledger's split for the amount typed, or why there is none: nothing typed yet, not an amount,
 * or more than the buyer paid for the item.
 */
function useRefundSplit(money: ItemMoney, currency: string, amount: string) {
  const item = {
    payeePayoutMinor: BigInt(money.payeePayoutMinor),
    tenantRevenueMinor: BigInt(money.tenantRevenueMinor),
    serviceRevenueMinor: BigInt(money.serviceRevenueMinor),
  };
  const most = refundableMinor(item);
  const show = (minor: bigint) => formatMoney(minor, currency, "en");
  const refundMinor = minorUnitsFromText(amount, "en");
  const problem =
    amount.trim() === ""
      ? null
      : refundMinor === null
        ? "Enter an amount such as 20 or 20.50."
        : refundMinor > most
          ? `At most ${show(most)}: the buyer’s money for the item.`
          : null;
  const split = refundMinor !== null && !problem ? splitWithRefund({ ...item, refundMinor }) : null;
  return { most, show, problem, split };
}

interface SplitFieldsProps {
  idPrefix: string;
  currency: string;
  amount: string;
  onAmount: (amount: string) => void;
  /** Why the amount cannot be used, shown in place of the range. */
  problem: string | null;
  range: string;
  reason: string;
  onReason: (reason: string) => void;
}

/** What staff type: the refund, with its range or its problem under it, and the reason. */
function SplitFields({ idPrefix, currency, amount, onAmount, problem, range, reason, onReason }: SplitFieldsProps) {
  return (
    <>
      <label htmlFor={`${idPrefix}-amount`} className="mt-4 block text-sm font-medium text-slate-800">
        Refund to the buyer ({currency})
      </label>
      <input
        id={`${idPrefix}-amount`}
        value={amount}
        onChange={(e) => onAmount(e.target.value)}
        inputMode="decimal"
        autoComplete="off"
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${idPrefix}-hint`}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 tabular-nums"
      />
      <p id={`${idPrefix}-hint`} className={`mt-1 text-xs ${problem ? "text-red-800" : "text-slate-600"}`}>
        {problem ?? range}
      </p>
      <label htmlFor={`${idPrefix}-reason`} className="mt-3 block text-sm font-medium text-slate-800">
        Reason (on the trade’s timeline)
      </label>
      <input
        id={`${idPrefix}-reason`}
        value={reason}
        onChange={(e) => onReason(e.target.value)}
        required
        maxLength={2000}
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
      />
    </>
  );
}

function DialogButtons({ busy, ready, onKeep }: { busy: boolean; ready: boolean; onKeep: () => void }) {
  return (
    <div className="mt-5 flex justify-end gap-2">
      <button
        type="button"
        onClick={onKeep}
        className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        Keep it
      </button>
      <button
        type="submit"
        disabled={busy || !ready}
        className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Working…" : "Settle with this split"}
      </button>
    </div>
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
              <td className="py-1.5 text-right font-semibold tabular-nums">
                {minor === undefined ? "—" : show(minor)}
              </td>
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
