// /console/webhooks – the tenant's webhook endpoints of one mode, with their health.
import type { Metadata } from "next";
import Link from "next/link";
import { EndpointBadge } from "@/components/console/webhooks/webhook-badges.tsx";
import { EndpointHealth } from "@/components/console/webhooks/endpoint-health.tsx";
import { ModeTabs } from "@/components/console/kit/mode-tabs.tsx";
import { consoleWhen } from "@/components/console/ui.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { HEALTH_WINDOW_DAYS, listConsoleSubscriptions } from "@/lib/console/webhooks/list-subscriptions.ts";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({ searchParams }: { searchParams: Promise<{ mode?: string }> }) {
  const [{ mode: asked }, { tenant, isAdmin }] = await Promise.all([searchParams, requireStaff()]);
  const mode = asked === "live" ? "live" : "test";
  const subscriptions = await listConsoleSubscriptions(tenant.id, mode);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Endpoints on your backend that receive trade and user events, signed per Standard Webhooks. Failed
            deliveries are retried with backoff for over 24 hours.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link
            href={`/console/webhooks/deliveries?mode=${mode}`}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
          >
            Delivery log
          </Link>
          {isAdmin && (
            <Link
              href={`/console/webhooks/new?mode=${mode}`}
              className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Add endpoint
            </Link>
          )}
        </div>
      </div>
      <div className="mt-5">
        <ModeTabs mode={mode} href={(m) => `/console/webhooks?mode=${m}`} />
      </div>
      <div className="card-table relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[56rem] text-left text-sm">
          <caption className="sr-only">Webhook endpoints, {mode} mode</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5">
                Endpoint
              </th>
              <th scope="col" className="px-4 py-2.5">
                Events
              </th>
              <th scope="col" className="px-4 py-2.5">
                Status
              </th>
              <th scope="col" className="px-4 py-2.5">
                Last {HEALTH_WINDOW_DAYS} days
              </th>
              <th scope="col" className="px-4 py-2.5">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {subscriptions.map((s) => (
              <tr key={s.id} className="border-b border-slate-100 align-top last:border-0 hover:bg-slate-50">
                <td data-lead className="max-w-md px-4 py-3">
                  <Link
                    href={`/console/webhooks/${s.id}`}
                    className="font-mono text-sm font-medium break-all text-brand-700 hover:underline"
                  >
                    {s.url}
                  </Link>
                  {s.description && <span className="block text-xs text-slate-600">{s.description}</span>}
                </td>
                <td data-label="Events" className="px-4 py-3 text-slate-700">
                  {s.events.length === 0 ? (
                    "All events"
                  ) : s.events.length === 1 ? (
                    <span className="font-mono text-xs">{s.events[0]}</span>
                  ) : (
                    `${s.events.length} events`
                  )}
                </td>
                <td data-label="Status" className="px-4 py-3">
                  <EndpointBadge enabled={s.enabled} />
                  {!s.enabled && s.disabledReason && (
                    <span className="mt-1 block max-w-48 text-xs text-slate-600">{s.disabledReason}</span>
                  )}
                </td>
                <td data-label={`Last ${HEALTH_WINDOW_DAYS} days`} className="px-4 py-3 text-sm">
                  <EndpointHealth health={s.health} />
                </td>
                <td data-label="Created" className="px-4 py-3 whitespace-nowrap text-slate-600">
                  {consoleWhen(s.createdAt)}
                </td>
              </tr>
            ))}
            {subscriptions.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-12 text-center">
                  <p className="font-medium text-slate-900">No {mode} endpoints yet</p>
                  <p className="mt-1 text-sm text-slate-600">
                    {isAdmin
                      ? "Add an endpoint to be told when trades change and users connect."
                      : "An admin can add an endpoint to receive trade and user events."}
                  </p>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
