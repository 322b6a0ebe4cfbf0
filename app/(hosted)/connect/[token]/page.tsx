// The hosted connect page: sign in with the national eID (simulated here) to connect to the marketplace.
import type { Metadata } from "next";
import { HostedShell, LinkUnusable } from "@/components/hosted/hosted-shell.tsx";
import { identityProvider, loadConnectSession } from "@/lib/hosted/connect-flow.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connect", robots: { index: false } };

export default async function ConnectPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const loaded = await loadConnectSession(token);
  if (!loaded?.usable) return <LinkUnusable />;
  const { session } = loaded;
  const marketplace = session.tenant.brandName ?? session.tenant.name;
  return (
    <HostedShell>
      <p className="text-sm font-medium text-brand-600">{marketplace}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">Connect to secure payments</h1>
      <p className="mt-2 text-slate-600">
        {marketplace} uses escrow: a buyer&apos;s money is held safely until the item arrives. Sign in with your national electronic ID to connect your account
        {session.requiredKycLevel === 2 ? " (passport verification required)" : ""}.
      </p>
      {session.mode === "test" && (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">Sandbox: choose a test person instead of a real eID sign-in.</p>
      )}
      <form method="post" action={`/connect/${encodeURIComponent(token)}/complete`} className="mt-6 space-y-3">
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">Sign in as</legend>
          {identityProvider.testIdentities().map((person, index) => (
            <label key={person.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input type="radio" name="identity" value={person.id} defaultChecked={index === 0} className="mt-1" />
              <span>
                <span className="block font-medium">{person.label}</span>
                <span className="block text-sm text-slate-600">{person.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-2 focus:outline-none">
          Sign in and connect
        </button>
      </form>
      <form method="post" action={`/connect/${encodeURIComponent(token)}/cancel`} className="mt-3">
        <button type="submit" className="w-full rounded-lg px-4 py-3 font-medium text-slate-700 hover:bg-slate-100">
          Cancel and return to {marketplace}
        </button>
      </form>
    </HostedShell>
  );
}
