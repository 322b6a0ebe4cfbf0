// The top of the console's trade page: where the money is, and both parties as they see the trade.
import type { ConsoleTrade } from "@/lib/console/trades/load-trade.ts";
import { payeeReceivesMinor, splitWithRefund } from "@/lib/money/settlement.ts";
import { consoleMoney, consoleWhen, Facts, Section } from "../ui.tsx";

export function MoneySummary({ trade }: { trade: ConsoleTrade["trade"] }) {
  const m = (minor: bigint) => consoleMoney(minor, trade.currency);
  return (
    <Section title="Money" id="money">
      <Facts
        items={[
          ["Item price", m(trade.amountMinor)],
          ["Buyer pays into escrow", m(trade.payerTotalMinor)],
          [
            "Buyer's fees",
            `${m(trade.payerFeeMinor + trade.payerFixedFeeMinor)} (${trade.payerFeePercent.toString()} % + ${m(trade.payerFixedFeeMinor)})`,
          ],
          ["Shipping the buyer pays", m(trade.shippingPayerMinor)],
          [
            "Seller's fees",
            `${m(trade.payeeFeeMinor + trade.payeeFixedFeeMinor)} (${trade.payeeFeePercent.toString()} % + ${m(trade.payeeFixedFeeMinor)})`,
          ],
          ["Seller receives", m(trade.payeePayoutMinor)],
          ["Your commission", m(trade.tenantRevenueMinor)],
          ["Service fee", m(trade.serviceRevenueMinor)],
          // Staff deciding a dispute see the seller's open offer and what it would leave each party.
          ...(trade.offerRefundMinor !== null
            ? [
                [
                  "Seller's open offer",
                  `${m(trade.offerRefundMinor)} back to the buyer; the seller would receive ${m(splitWithRefund({ ...trade, refundMinor: trade.offerRefundMinor }).payeePayoutMinor)} ` +
                    `(lapses ${consoleWhen(trade.offerLapsesAt)})`,
                ] as [string, string],
              ]
            : []),
          ...(trade.settlementRefundMinor !== null
            ? [
                [
                  "Settled",
                  `${m(trade.settlementRefundMinor)} back to the buyer; the seller receives ${m(payeeReceivesMinor(trade))}`,
                ] as [string, string],
              ]
            : []),
        ]}
      />
    </Section>
  );
}

export function Parties({ data }: { data: ConsoleTrade }) {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <Party
        role="Buyer (payer)"
        id="payer"
        party={data.view.payer}
        user={data.payer}
        marketplaceUserId={data.trade.payerMarketplaceUserId}
        currency={data.trade.currency}
      />
      <Party
        role="Seller (payee)"
        id="payee"
        party={data.view.payee}
        user={data.payee}
        marketplaceUserId={data.trade.payeeMarketplaceUserId}
        currency={data.trade.currency}
      />
    </div>
  );
}

function Party({
  role,
  id,
  party,
  user,
  marketplaceUserId,
  currency,
}: {
  role: string;
  id: string;
  party: ConsoleTrade["view"]["payer"];
  user: ConsoleTrade["payer"];
  marketplaceUserId: string;
  currency: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white px-5 py-4">
      <h2 id={`${id}-title`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {role}
      </h2>
      <p className="mt-1 text-lg font-semibold">{party.name || marketplaceUserId}</p>
      <p className="font-mono text-xs text-slate-600">{marketplaceUserId}</p>
      <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
        <p className="font-medium">{party.status.title}</p>
        {party.status.description && <p className="text-slate-700">{party.status.description}</p>}
        {party.status.deadline && <p className="mt-1 text-slate-700">Deadline {consoleWhen(party.status.deadline)}</p>}
        {party.status.actions && (
          <p className="mt-1 text-slate-600">Can now: {party.status.actions.map((a) => a.text).join(", ")}</p>
        )}
      </div>
      <div className="mt-3">
        <Facts
          items={[
            ["Connected", user ? consoleWhen(user.connectedAt) : "Not connected"],
            ["KYC level", user ? (user.kycLevel === 2 ? "2 (High)" : "1 (Medium)") : "—"],
            // The API's number, shown as it is sent (no arithmetic on it).
            ["Fees", new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(party.fees.amount)],
            [
              "Payout account",
              user?.serviceAccount.bankAccountNumber
                ? `ending ${user.serviceAccount.bankAccountNumber.replace(/\s/g, "").slice(-4)}`
                : "—",
            ],
          ]}
        />
      </div>
    </section>
  );
}
