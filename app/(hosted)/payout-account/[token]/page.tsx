// The hosted payout account page: where the user's money from sales is paid out to.
import type { Metadata } from "next";
import { HostedShell, LinkUnusable } from "@/components/hosted/hosted-shell.tsx";
import { loadPayoutSession } from "@/lib/hosted/payout-account-flow.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Payout account", robots: { index: false } };

export default async function PayoutAccountPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ error?: string; saved?: string }> }) {
  const { token } = await params;
  const { error, saved } = await searchParams;
  const loaded = await loadPayoutSession(token);
  if (saved && loaded) {
    return (
      <HostedShell marketplace={loaded.session.tenant.brandName ?? loaded.session.tenant.name}>
        <h1 className="text-xl font-semibold">Payout account saved</h1>
        <p className="mt-2 text-slate-600">Money from your sales is paid out to the account ending {loaded.account.bankAccountNumber?.slice(-4)}. You can close this page.</p>
      </HostedShell>
    );
  }
  if (!loaded?.open) return <LinkUnusable />;
  const { session, account } = loaded;
  return (
    <HostedShell marketplace={session.tenant.brandName ?? session.tenant.name}>
      <h1 className="text-2xl font-semibold tracking-tight">Where should we pay you?</h1>
      <p className="mt-2 text-slate-600">Money from your sales is paid out to this account once a buyer has accepted the item.</p>
      {account.bankAccountNumber && <p className="mt-3 text-sm text-slate-600">Current account: ending {account.bankAccountNumber.slice(-4)}</p>}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <form method="post" action={`/payout-account/${encodeURIComponent(token)}/save`} className="mt-6 space-y-4">
        <div>
          <label htmlFor="accountNumber" className="block text-sm font-medium text-slate-700">IBAN, or registration and account number</label>
          <input id="accountNumber" name="accountNumber" required autoComplete="off" inputMode="text" placeholder="DK50 0040 0440 1162 43" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono" />
        </div>
        <div>
          <label htmlFor="holderName" className="block text-sm font-medium text-slate-700">Account holder</label>
          <input id="holderName" name="holderName" defaultValue={account.bankAccountName ?? account.name} className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
        </div>
        <button type="submit" className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-2 focus:outline-none">
          Save payout account
        </button>
      </form>
    </HostedShell>
  );
}
