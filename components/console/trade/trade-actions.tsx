// The changes staff may make to a trade, offered only to admins and only where the trade's state
// allows them (the server checks both again). Each says in figures who gets what before it is confirmed.
import type { Trade } from "@/lib/db/generated/client.ts";
import { statesAllowing } from "@/lib/trades/transition.ts";
import { FUNDED_STATES } from "@/lib/trades/states.ts";
import { refundableMinor } from "@/lib/money/settlement.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { SettleDispute } from "./settle-dispute.tsx";
import { consoleMoney } from "../ui.tsx";

const CANCELLABLE = statesAllowing("cancel", "tenant");
const SETTLEABLE = statesAllowing("settle", "staff");

export function TradeActions({ trade, isAdmin }: { trade: Trade; isAdmin: boolean }) {
  if (!isAdmin) return null;
  const base = `/console/api/trades/${encodeURIComponent(trade.id)}`;
  const total = consoleMoney(trade.payerTotalMinor, trade.currency);
  const actions = [];
  if (CANCELLABLE.includes(trade.state)) {
    actions.push(
      <ConfirmButton
        key="cancel"
        tone="danger"
        label="Cancel trade"
        title={`Cancel “${trade.title}”?`}
        body={
          <p>
            {FUNDED_STATES.has(trade.state) ? `The buyer gets ${total} back from escrow.` : "Nothing has been paid yet."} Both parties see the trade as cancelled, and your backend receives <code>trade.cancelled</code>. This cannot be undone.
          </p>
        }
        confirmLabel="Cancel the trade"
        path={`${base}/cancel`}
        payload={{ state: trade.state }}
      />,
    );
  }
  if (trade.state === "Disputed") {
    const payout = consoleMoney(trade.payeePayoutMinor, trade.currency);
    const fees = consoleMoney(trade.tenantRevenueMinor, trade.currency);
    const itemMoney = consoleMoney(refundableMinor(trade), trade.currency);
    actions.push(
      <ConfirmButton key="release" label="Release to seller" title="Release the money to the seller?" body={<p>The seller is paid {payout} and you keep {fees} in fees; the buyer’s rejection is set aside. Your backend receives <code>trade.succeeded</code>.</p>} confirmLabel="Release to seller" path={`${base}/resolve`} payload={{ outcome: "release" }} />,
      <ConfirmButton key="refund" label="Refund buyer" title="Refund the buyer?" body={<p>The buyer gets everything escrow holds back: {itemMoney} for the item (every fee refunded), and any shipping money no label used. The seller is not paid. Your backend receives <code>trade.return_condition_accepted</code>.</p>} confirmLabel="Refund the buyer" path={`${base}/resolve`} payload={{ outcome: "refund" }} />,
    );
  }
  if (SETTLEABLE.includes(trade.state)) {
    const money = { payeePayoutMinor: trade.payeePayoutMinor.toString(), tenantRevenueMinor: trade.tenantRevenueMinor.toString(), serviceRevenueMinor: trade.serviceRevenueMinor.toString() };
    actions.push(<SettleDispute key="split" tradeId={trade.id} title={trade.title} state={trade.state} currency={trade.currency} money={money} />);
  }
  if (actions.length === 0) return null;
  return (
    <div role="group" aria-label="Trade actions" className="flex flex-wrap gap-2">
      {actions}
    </div>
  );
}
