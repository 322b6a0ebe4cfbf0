// Each webhook endpoint's deliveries of the last days, as a bar split by outcome, with the ones
// that need attention first and marked: failed deliveries, retries piling up, or switched off.
import Link from "next/link";
import { isFailing, WEBHOOK_HEALTH_DAYS, type EndpointHealth } from "@/lib/console/overview/load-overview.ts";

export function WebhookHealth({ endpoints, mode }: { endpoints: EndpointHealth[]; mode: string }) {
  if (!endpoints.length) {
    return (
      <p className="text-sm text-slate-600">
        No webhook endpoints in this mode.{" "}
        <Link href={`/console/webhooks?mode=${mode}`} className="text-brand-700 underline">
          Add one
        </Link>{" "}
        to hear about every trade as it moves.
      </p>
    );
  }
  const sorted = [...endpoints].sort((a, b) => Number(isFailing(b)) - Number(isFailing(a)));
  return (
    <ul className="divide-y divide-slate-100">
      {sorted.map((endpoint) => {
        const total = endpoint.succeeded + endpoint.failed + endpoint.pending;
        const failing = isFailing(endpoint);
        return (
          <li key={endpoint.subscriptionId} className="py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <Link
                href={`/console/webhooks/deliveries?mode=${mode}&subscription=${endpoint.subscriptionId}`}
                className="min-w-0 truncate font-mono text-xs text-brand-700 hover:underline"
              >
                {endpoint.url}
              </Link>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${failing ? "bg-red-50 text-red-900 ring-1 ring-red-200" : !endpoint.enabled ? "bg-slate-100 text-slate-700" : "bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200"}`}
              >
                {failing ? "Failing" : endpoint.enabled ? "Healthy" : "Disabled"}
              </span>
            </div>
            <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="mt-2 h-2.5 w-full" aria-hidden="true">
              <rect width="100" height="8" rx="4" className="fill-slate-100" />
              {total > 0 && (
                <>
                  <rect width={(endpoint.succeeded / total) * 100} height="8" className="fill-emerald-500" />
                  <rect
                    x={(endpoint.succeeded / total) * 100}
                    width={(endpoint.pending / total) * 100}
                    height="8"
                    className="fill-amber-400"
                  />
                  <rect
                    x={((endpoint.succeeded + endpoint.pending) / total) * 100}
                    width={(endpoint.failed / total) * 100}
                    height="8"
                    className="fill-red-500"
                  />
                </>
              )}
            </svg>
            <p className="mt-1 text-xs text-slate-600">
              {total === 0
                ? `No deliveries in the last ${WEBHOOK_HEALTH_DAYS} days.`
                : `${endpoint.succeeded.toLocaleString("en-GB")} delivered · ${endpoint.retrying.toLocaleString("en-GB")} ` +
                  `retrying · ${endpoint.failed.toLocaleString("en-GB")} failed in the last ${WEBHOOK_HEALTH_DAYS} ` +
                  `days`}
              {endpoint.lastFailureStatus ? ` · last error answer ${endpoint.lastFailureStatus}` : ""}
              {!endpoint.enabled && endpoint.disabledReason ? ` · disabled: ${endpoint.disabledReason}` : ""}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
