// The sections of the console's user page: the verified facts, the payout accounts (masked), and
// the user's trades as buyer and as seller, each linking to its trade page.
import Link from "next/link";
import type { ConsoleUser } from "@/lib/console/users/load-user.ts";
import { USER_TRADES_SHOWN } from "@/lib/console/users/load-user.ts";
import { StateBadge } from "../state-badge.tsx";
import { consoleMoney, consoleWhen, Empty, Facts, Section } from "../ui.tsx";
import { stateLabel } from "@/lib/trades/presentation/state-labels.ts";

export function UserFacts({ data }: { data: ConsoleUser }) {
  const { user, person, tradeCounts } = data;
  return (
    <Section title="Profile" id="profile">
      <Facts
        items={[
          ["Name (from eID)", person.name],
          ["Phone", person.phoneNumber ?? "—"],
          ["Address", addressFact(person)],
          ["KYC level", user.kycLevel === 2 ? "2 · High (eID and passport)" : "1 · Medium (eID)"],
          ["Passport verification", person.passportVerified ? "Done" : "Not done"],
          ["Connected", consoleWhen(user.connectedAt)],
          ["First connected", consoleWhen(user.firstConnectedAt)],
          ["Trades", `${tradeCounts.payer} as buyer · ${tradeCounts.payee} as seller`],
        ]}
      />
    </Section>
  );
}

/** The address as staff may see it: hidden when protected, marked when the person typed it themselves. */
function addressFact(person: ConsoleUser["person"]): string {
  if (person.nameAddressProtected) return "Protected (name and address protection)";
  if (!person.address) return "—";
  return person.addressSelfDeclared ? `${person.address} (self-declared, not verified by the eID)` : person.address;
}

export function PayoutAccounts({ data }: { data: ConsoleUser }) {
  const { payoutAccounts, payoutInUse } = data;
  const listed = payoutAccounts.some((a) => a.inUse);
  return (
    <Section
      title="Payout accounts"
      id="payout-accounts"
      aside={
        <span className="text-xs text-slate-600">Numbers are masked; only the last four characters are shown.</span>
      }
    >
      {payoutAccounts.length === 0 && !payoutInUse ? (
        <Empty>No payout account yet. The user chooses one on the payout account page when they first sell.</Empty>
      ) : (
        <div className="card-table card-table-flush relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Payout accounts</caption>
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Account
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Bank
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Holder
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Added
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Status</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payoutInUse && !listed && (
                <tr className="border-t border-slate-100">
                  <td data-lead className="py-2 pr-4 font-mono">
                    {payoutInUse.masked}
                  </td>
                  <td data-label="Bank" className="py-2 pr-4">
                    {payoutInUse.bankName ?? "—"}
                  </td>
                  <td data-label="Holder" className="py-2 pr-4">
                    —
                  </td>
                  <td data-label="Added" className="py-2 pr-4">
                    —
                  </td>
                  <td className="py-2">
                    <InUse />
                  </td>
                </tr>
              )}
              {payoutAccounts.map((account) => (
                <PayoutAccountRow key={account.id} account={account} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

function PayoutAccountRow({ account }: { account: ConsoleUser["payoutAccounts"][number] }) {
  return (
    <tr className="border-t border-slate-100">
      <td data-lead className="py-2 pr-4">
        <span className="font-mono">{account.masked}</span>{" "}
        <span className="text-xs text-slate-600">{account.kind}</span>
      </td>
      <td data-label="Bank" className="py-2 pr-4">
        {account.bankName}
      </td>
      <td data-label="Holder" className="py-2 pr-4">
        {account.holderName}
      </td>
      <td data-label="Added" className="py-2 pr-4 whitespace-nowrap text-slate-600">
        {consoleWhen(account.addedAt)}
      </td>
      <td className="py-2">{account.inUse && <InUse />}</td>
    </tr>
  );
}

function InUse() {
  return (
    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 ring-1 ring-emerald-200 ring-inset">
      Receives payouts
    </span>
  );
}

export function UserTrades({ data }: { data: ConsoleUser }) {
  const { trades, tradeCounts, user } = data;
  const total = tradeCounts.payer + tradeCounts.payee;
  const all = `/console/trades?mode=${user.mode}&q=${encodeURIComponent(user.marketplaceUserId)}`;
  return (
    <Section
      title="Trades"
      id="trades"
      aside={
        total > 0 ? (
          <Link href={all} className="text-sm text-brand-700 hover:underline">
            Open in the trades list
          </Link>
        ) : undefined
      }
    >
      {trades.length === 0 ? (
        <Empty>No trades yet, neither as buyer nor as seller.</Empty>
      ) : (
        <>
          <UserTradesTable data={data} />
          {total > trades.length && (
            <p className="mt-3 text-sm text-slate-600">
              Showing the {USER_TRADES_SHOWN} newest of {total.toLocaleString("en-GB")}.{" "}
              <Link href={all} className="text-brand-700 hover:underline">
                See them all
              </Link>
            </p>
          )}
        </>
      )}
    </Section>
  );
}

function UserTradesTable({ data: { trades, user } }: { data: ConsoleUser }) {
  return (
    <div className="card-table relative -mx-5 overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Trades of {user.marketplaceUserId}</caption>
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 font-semibold">
              Created
            </th>
            {["Trade", "Role", "Other party"].map((heading) => (
              <th key={heading} scope="col" className="px-2 py-2 font-semibold">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-5 py-2 font-semibold">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <UserTradeRow key={trade.id} trade={trade} mode={user.mode} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserTradeRow({ trade, mode }: { trade: ConsoleUser["trades"][number]; mode: string }) {
  return (
    <tr className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
      <td data-label="Created" className="px-5 py-2.5 whitespace-nowrap text-slate-600">
        {consoleWhen(trade.createdAt)}
      </td>
      <td data-lead className="px-2 py-2.5">
        <Link href={`/console/trades/${trade.id}`} className="font-medium text-brand-700 hover:underline">
          {trade.title}
        </Link>
        <span className="block font-mono text-xs text-slate-500">{trade.referenceId || trade.id}</span>
      </td>
      <td data-label="Role" className="px-2 py-2.5">
        {trade.role === "payer" ? "Buyer" : "Seller"}
      </td>
      <td data-label="Other party" className="px-2 py-2.5">
        {trade.counterpartyConnected ? (
          <Link
            href={`/console/users/${encodeURIComponent(trade.counterparty)}?mode=${mode}`}
            className="text-slate-800 underline decoration-slate-300 hover:decoration-slate-800"
          >
            {trade.counterparty}
          </Link>
        ) : (
          <span className="text-slate-700">
            {trade.counterparty} <span className="text-xs text-slate-500">(not connected)</span>
          </span>
        )}
      </td>
      <td data-label="Amount" className="px-2 py-2.5 text-right whitespace-nowrap tabular-nums">
        {consoleMoney(trade.amountMinor, trade.currency)}
      </td>
      <td data-label="State" className="px-5 py-2.5">
        <Link href={`/console/trades/${trade.id}`} aria-label={`${stateLabel(trade.state)}: open ${trade.title}`}>
          <StateBadge state={trade.state} />
        </Link>
      </td>
    </tr>
  );
}
