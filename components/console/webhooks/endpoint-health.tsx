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
          <span aria-hidden="true" className="inline-block h-1.5 w-16 overflow-hidden rounded-full bg-red-200">
            <span className="block h-full bg-emerald-500" style={{ width: `${rate}%` }} />
          </span>
        )}
        <span className="tabular-nums">
          <span className="text-emerald-800">{health.succeeded} succeeded</span>
          {" · "}
          <span className={health.failed ? "text-red-800" : "text-slate-600"}>{health.failed} failed</span>
          {health.pending ? <span className="text-amber-800"> · {health.pending} pending</span> : null}
        </span>
      </span>
      {health.lastAttemptAt && <span className="mt-0.5 block text-xs text-slate-500">Last answer: {health.lastStatus ?? health.lastError ?? "none"}</span>}
    </span>
  );
}
