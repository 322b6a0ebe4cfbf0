// Chargebacks: a payer's bank taking the paid money back (lib/payments/settle-rail-dispute.ts), and,
// for one lost before the payout, the decision an admin takes on who bears it
// (lib/payments/decide-lost-chargeback.ts), said in figures before it is confirmed.
import type { ConsoleTrade } from "@/lib/console/trades/load-trade.ts";
import { tradeChargebackDecision } from "@/lib/console/operations/trades.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { consoleCall } from "../kit/console-post.ts";
import { consoleMoney, consoleWhen, Section } from "../ui.tsx";

type Chargeback = ConsoleTrade["chargebacks"][number];

const CHARGEBACK_STATES = {
  Open: "Open: the payer's bank took the money back; the payout is held until it is decided",
  Won: "Won: the money came back",
  Lost: "Lost: the payer keeps the money; the service bore it",
} as const;

export function Chargebacks({
  chargebacks,
  trade,
  isAdmin,
}: {
  chargebacks: ConsoleTrade["chargebacks"];
  trade: ConsoleTrade["trade"];
  isAdmin: boolean;
}) {
  if (chargebacks.length === 0) return null;
  return (
    <Section title="Chargebacks" id="chargebacks">
      <ul className="space-y-2 text-sm">
        {chargebacks.map((c) => (
          <li key={c.id} className="rounded-lg border border-red-200 bg-red-50 px-4 py-3">
            <p className="font-medium tabular-nums">
              {consoleMoney(c.amountMinor, c.currency || trade.currency)} · {c.reason.replaceAll("_", " ")}
            </p>
            <p className="text-slate-700">{CHARGEBACK_STATES[c.state]}</p>
            <Decision chargeback={c} />
            <p className="text-xs text-slate-600">
              Opened {consoleWhen(c.openedAt)}
              {c.closedAt && <> · closed {consoleWhen(c.closedAt)}</>} · {c.provider} {c.railDisputeId}
            </p>
            {isAdmin && c.state === "Lost" && !c.decision && trade.state === "Succeeded" && (
              <DecideChargeback chargeback={c} tradeId={trade.id} />
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What was decided, by whom. */
function Decision({ chargeback: c }: { chargeback: Chargeback }) {
  if (!c.decision) return null;
  const what =
    c.decision === "PayPayee"
      ? "The seller is paid anyway: the service bears the loss"
      : `${consoleMoney(c.recoveredMinor ?? 0n, c.currency)} of the seller's payout pays for it` +
        (c.railReversalId ? ` (taken back from their account at the rail: ${c.railReversalId})` : "");
  return (
    <p className="text-slate-700">
      {what}. Decided by {c.decidedBy} {c.decidedAt && consoleWhen(c.decidedAt)}.
    </p>
  );
}

/** A lost chargeback holds the payout until an admin says who bears it. */
function DecideChargeback({ chargeback: c, tradeId }: { chargeback: Chargeback; tradeId: string }) {
  const amount = consoleMoney(c.amountMinor, c.currency);
  const call = (decision: "PayPayee" | "RecoverFromPayee") =>
    consoleCall(tradeChargebackDecision, { tradeId, chargebackId: c.id }, { decision });
  return (
    <div role="group" aria-label="Decide the chargeback" className="mt-2 flex flex-wrap gap-2">
      <ConfirmButton
        label="Pay the seller anyway"
        title="Pay the seller anyway?"
        body={
          <p>
            The seller receives their payout as if there had been no chargeback; the service bears the {amount} the
            buyer&apos;s bank took back.
          </p>
        }
        confirmLabel="Pay the seller"
        call={call("PayPayee")}
      />
      <ConfirmButton
        tone="danger"
        label="Take it from the seller's payout"
        title="Take the chargeback from the seller's payout?"
        body={
          <p>
            Up to {amount} of what the seller is owed pays for the chargeback; where the money already reached their
            account at the payment rail, it is taken back from there. The seller is paid whatever is left, and the trade
            is released. This cannot be undone.
          </p>
        }
        confirmLabel="Take it from the seller"
        call={call("RecoverFromPayee")}
      />
    </div>
  );
}
