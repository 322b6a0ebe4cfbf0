// An endpoint's last 7 days in one line: attempts accepted and refused, deliveries waiting, and
// what it answered last.
import type { SubscriptionHealth } from "@/lib/console/webhooks/list-subscriptions.ts";

export function EndpointHealth({ health }: { health: SubscriptionHealth }) {
  const total = health.succeeded + health.failed;
  if (total === 0 && health.pending === 0) return <span className="text-slate-500">No deliveries yet</span>;
  const rate = total ? Math.round((health.succeeded / total) * 100) : null;
  return (
    <span className="block">
      <span className="flex items-center gap-2">
        {rate !== null && (
          // An SVG bar: its width is an attribute, not an inline style (the console's CSP allows none).
          <svg aria-hidden="true" width="64" height="6" viewBox="0 0 64 6" className="shrink-0 rounded-full">
            <rect width="64" height="6" rx="3" className="fill-red-200" />
            {rate > 0 && <rect width={Math.max(6, (64 * rate) / 100)} height="6" rx="3" className="fill-emerald-500" />}
          </svg>
        )}
        <span className="tabular-nums">
          <span className="text-emerald-800">{health.succeeded} succeeded</span>
          {" · "}
          <span className={health.failed ? "text-red-800" : "text-slate-600"}>{health.failed} failed</span>
          {health.pending ? <span className="text-amber-800"> · {health.pending} pending</span> : null}
        </span>
      </span>
      {health.lastAttemptAt && (
        <span className="mt-0.5 block text-xs text-slate-500">
          Last answer: {health.lastStatus ?? health.lastError ?? "none"}
        </span>
      )}
    </span>
  );
}
