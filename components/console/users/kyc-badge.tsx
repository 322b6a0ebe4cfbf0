// A user's KYC level (spec 4.4: 1 = Medium, 2 = High) as a small badge.
export function KycBadge({ level }: { level: number }) {
  const high = level === 2;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${high ? "bg-emerald-50 text-emerald-900 ring-emerald-200" : "bg-slate-100 text-slate-800 ring-slate-300"}`}
    >
      {high ? "2 · High" : "1 · Medium"}
    </span>
  );
}
