// Which company registration numbers the tenant may manage business users for. The API refuses
// any other (403), so staff see the list before they type one.
export function WhitelistNotice({ allowed }: { allowed: string[] }) {
  if (allowed.length === 0) {
    return (
      <div
        role="note"
        aria-label="Business id whitelist"
        className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-sm text-amber-950"
      >
        <p className="font-semibold">No business ids are whitelisted yet</p>
        <p className="mt-1">
          Business users can only be created for company registration numbers on your whitelist, and yours is empty, so
          none can be added. The whitelist is part of your tenant&apos;s settings (business id whitelist).
        </p>
      </div>
    );
  }
  return (
    <div
      role="note"
      aria-label="Business id whitelist"
      className="mt-5 flex flex-wrap items-start gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white px-5 py-4 text-sm"
    >
      <div className="max-w-xl">
        <p className="font-semibold">Business id whitelist</p>
        <p className="mt-0.5 text-slate-600">
          Business users can be added, edited and deleted only for these company registration numbers; anything else is
          refused, here and in the API.
        </p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Whitelisted business ids">
        {allowed.map((id) => (
          <li
            key={id}
            className="rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800 ring-1 ring-slate-200 ring-inset"
          >
            {id}
          </li>
        ))}
      </ul>
    </div>
  );
}
