// The frame of every hosted page: a narrow card that reads well in an in-app browser on a phone.
export function HostedShell({ children, marketplace }: { children: React.ReactNode; marketplace?: string }) {
  return (
    <main className="mx-auto min-h-screen max-w-md px-4 py-8 sm:py-14">
      {marketplace && <p className="mb-3 text-center text-sm font-medium text-slate-600">{marketplace}</p>}
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      <p className="mt-6 text-center text-xs text-slate-500">Payments held in escrow by the Marketplace Escrow Trade Service</p>
    </main>
  );
}

export function LinkUnusable() {
  return (
    <HostedShell>
      <h1 className="text-xl font-semibold">This link can no longer be used</h1>
      <p className="mt-2 text-slate-600">It has expired, was already used, or does not exist. Go back to the marketplace and start again.</p>
    </HostedShell>
  );
}
