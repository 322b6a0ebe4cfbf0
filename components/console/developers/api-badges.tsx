// Small labels of the Developers pages: a key's mode, an HTTP method, a response status.
const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";

export function ModeBadge({ mode }: { mode: "test" | "live" }) {
  return mode === "live" ? (
    <span className={`${pill} bg-emerald-50 text-emerald-900 ring-emerald-200`}>Live</span>
  ) : (
    <span className={`${pill} bg-amber-50 text-amber-900 ring-amber-200`}>Test</span>
  );
}

export function MethodBadge({ method }: { method: string }) {
  return <span className="inline-block w-14 shrink-0 font-mono text-xs font-semibold text-slate-700">{method}</span>;
}

export function StatusBadge({ status }: { status: number }) {
  const colour =
    status >= 500
      ? "bg-red-50 text-red-900 ring-red-200"
      : status >= 400
        ? "bg-amber-50 text-amber-900 ring-amber-200"
        : "bg-emerald-50 text-emerald-900 ring-emerald-200";
  return <span className={`${pill} font-mono tabular-nums ${colour}`}>{status}</span>;
}
