// The changes staff may make to a trade, offered only to admins and only where the trade's state
// allows them (the server checks both again). Each says in figures who gets what before it is confirmed.
import type { Trade } from "@/lib/db/generated/client.ts";
import { statesAllowing } from "@/lib/trades/transition.ts";
import { FUNDED_STATES } from "@/lib/trades/states.ts";
import { refundableMinor } from "@/lib/money/settlement.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { SettleDispute, type ItemMoney } from "./settle-dispute.tsx";
import { consoleMoney } from "../ui.tsx";
import { tradeCancel, tradeResolve } from "@/lib/console/operations/trades.ts";
import { consoleCall } from "../kit/console-post.ts";

const CANCELLABLE = statesAllowing("cancel", "tenant");
const SETTLEABLE = statesAllowing("settle", "staff");

export function TradeActions({ trade, isAdmin }: { trade: Trade; isAdmin: boolean }) {
  if (!isAdmin) return null;
  const cancellable = CANCELLABLE.includes(trade.state);
  const disputed = trade.state === "Disputed";
  const settleable = SETTLEABLE.includes(trade.state);
  if (!cancellable && !disputed && !settleable) return null;
  return (
    <div role="group" aria-label="Trade actions" className="flex flex-wrap gap-2">
      {cancellable && <CancelTrade trade={trade} />}
      {disputed && <ResolveDispute trade={trade} />}
      {settleable && (
        <SettleDispute
          tradeId={trade.id}
          title={trade.title}
          state={trade.state}
          currency={trade.currency}
          money={itemMoneyOf(trade)}
        />
      )}
    </div>
  );
}

/** Cancelling: the buyer gets back whatever escrow already holds. */
function CancelTrade({ trade }: { trade: Trade }) {
  const total = consoleMoney(trade.payerTotalMinor, trade.currency);
  return (
    <ConfirmButton
      tone="danger"
      label="Cancel trade"
      title={`Cancel “${trade.title}”?`}
      body={
        <p>
          {FUNDED_STATES.has(trade.state) ? `The buyer gets ${total} back from escrow.` : "Nothing has been paid yet."}{" "}
          Both parties see the trade as cancelled, and your backend receives <code>trade.cancelled</code>. This cannot
          be undone.
        </p>
      }
      confirmLabel="Cancel the trade"
      call={consoleCall(tradeCancel, { tradeId: trade.id }, { state: trade.state })}
    />
  );
}

/** A disputed trade goes all one way: released to the seller, or refunded to the buyer. */
function ResolveDispute({ trade }: { trade: Trade }) {
  const payout = consoleMoney(trade.payeePayoutMinor, trade.currency);
  const fees = consoleMoney(trade.tenantRevenueMinor, trade.currency);
  const itemMoney = consoleMoney(refundableMinor(trade), trade.currency);
  return (
    <>
      <ConfirmButton
        label="Release to seller"
        title="Release the money to the seller?"
        body={
          <p>
            The seller is paid {payout} and you keep {fees} in fees; the buyer’s rejection is set aside. Your backend
            receives <code>trade.succeeded</code>.
          </p>
        }
        confirmLabel="Release to seller"
        call={consoleCall(tradeResolve, { tradeId: trade.id }, { outcome: "release", state: trade.state })}
      />
      <ConfirmButton
        label="Refund buyer"
        title="Refund the buyer?"
        body={
          <p>
            The buyer gets everything escrow holds back: {itemMoney} for the item (every fee refunded), and any shipping
            money no label used. The seller is not paid. Your backend receives{" "}
            <code>trade.return_condition_accepted</code>.
          </p>
        }
        confirmLabel="Refund the buyer"
        call={consoleCall(tradeResolve, { tradeId: trade.id }, { outcome: "refund", state: trade.state })}
      />
    </>
  );
}

/** The item's money as SettleDispute takes it: bigints as decimal strings, to cross to the browser. */
function itemMoneyOf(trade: Trade): ItemMoney {
  return {
    payeePayoutMinor: trade.payeePayoutMinor.toString(),
    tenantRevenueMinor: trade.tenantRevenueMinor.toString(),
    serviceRevenueMinor: trade.serviceRevenueMinor.toString(),
  };
}
