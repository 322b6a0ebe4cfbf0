// Deliveries as table rows (the endpoint page's recent deliveries; the log has its own, filtered).
import Link from "next/link";
import type { DeliveryListPage } from "@/lib/console/webhooks/list-deliveries.ts";
import { consoleWhen } from "../ui.tsx";
import { DeliveryBadge, ResponseCode } from "./webhook-badges.tsx";

export function RecentDeliveries({ deliveries }: { deliveries: DeliveryListPage["deliveries"] }) {
  if (deliveries.length === 0)
    return <p className="text-sm text-slate-600">Nothing sent to this endpoint yet. Send a test event to try it.</p>;
  return (
    <div className="card-table card-table-flush relative overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recent deliveries</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Event
            </th>
            <th scope="col" className="py-2 pr-4">
              Status
            </th>
            <th scope="col" className="py-2 pr-4">
              Response
            </th>
            <th scope="col" className="py-2 pr-4">
              Attempts
            </th>
            <th scope="col" className="py-2">
              Created
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} className="border-t border-slate-100">
              <td data-lead className="py-2 pr-4">
                <Link
                  href={`/console/webhooks/deliveries/${d.id}`}
                  className="font-mono text-xs font-medium text-brand-700 hover:underline"
                >
                  {d.eventName}
                </Link>
              </td>
              <td data-label="Status" className="py-2 pr-4">
                <DeliveryBadge status={d.status} attemptCount={d.attemptCount} />
              </td>
              <td data-label="Response" className="py-2 pr-4">
                {d.lastAttempt ? (
                  <ResponseCode status={d.lastAttempt.responseStatus} error={d.lastAttempt.error} />
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <td data-label="Attempts" className="py-2 pr-4 tabular-nums">
                {d.attemptCount}
              </td>
              <td data-label="Created" className="py-2 whitespace-nowrap text-slate-600">
                {consoleWhen(d.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
