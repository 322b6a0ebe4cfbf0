// Status badges of the webhooks pages: an endpoint's (enabled, or disabled and why) and a
// delivery's (delivered, retrying, waiting, failed for good, cancelled).
const BADGE =
  "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset whitespace-nowrap";

export function EndpointBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <span className={`${BADGE} bg-emerald-50 text-emerald-900 ring-emerald-200`}>Enabled</span>
  ) : (
    <span className={`${BADGE} bg-slate-100 text-slate-800 ring-slate-300`}>Disabled</span>
  );
}

export function DeliveryBadge({ status, attemptCount }: { status: string; attemptCount: number }) {
  if (status === "Succeeded")
    return <span className={`${BADGE} bg-emerald-50 text-emerald-900 ring-emerald-200`}>Succeeded</span>;
  if (status === "Failed") return <span className={`${BADGE} bg-red-50 text-red-900 ring-red-200`}>Failed</span>;
  if (status === "Cancelled")
    return <span className={`${BADGE} bg-slate-100 text-slate-800 ring-slate-300`}>Cancelled</span>;
  if (attemptCount > 0) return <span className={`${BADGE} bg-amber-50 text-amber-900 ring-amber-200`}>Retrying</span>;
  return <span className={`${BADGE} bg-sky-50 text-sky-900 ring-sky-200`}>Pending</span>;
}

/** What the endpoint answered: its status code (green for 2xx) or the error, shortly. */
export function ResponseCode({ status, error }: { status: number | null; error: string | null }) {
  if (status === null) return <span className="text-red-800">{error ? "No answer" : "—"}</span>;
  const ok = status >= 200 && status < 300;
  return <span className={`font-mono ${ok ? "text-emerald-800" : "text-red-800"}`}>{status}</span>;
}
