// /console/webhooks/{subscriptionId} – one endpoint: its settings, health, recent deliveries, and
// (admins) the changes: test event, disable/enable, rotate secret, delete, edit.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { consoleWhen, Facts, Section } from "@/components/console/ui.tsx";
import { EndpointBadge } from "@/components/console/webhooks/webhook-badges.tsx";
import { RecentDeliveries } from "@/components/console/webhooks/delivery-rows.tsx";
import { EndpointHealth } from "@/components/console/webhooks/endpoint-health.tsx";
import { SubscriptionActions } from "@/components/console/webhooks/subscription-actions.tsx";
import { SubscriptionForm } from "@/components/console/webhooks/subscription-form.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { parseDeliveryFilters } from "@/lib/console/webhooks/delivery-filters.ts";
import { listDeliveries } from "@/lib/console/webhooks/list-deliveries.ts";
import { HEALTH_WINDOW_DAYS, loadConsoleSubscription } from "@/lib/console/webhooks/list-subscriptions.ts";

export const metadata: Metadata = { title: "Webhook endpoint" };

export default async function WebhookEndpointPage({ params }: { params: Promise<{ subscriptionId: string }> }) {
  const [{ subscriptionId }, { tenant, isAdmin }] = await Promise.all([params, requireStaff()]);
  const subscription = await loadConsoleSubscription(tenant.id, subscriptionId);
  if (!subscription) notFound();
  const recent = await listDeliveries(tenant.id, {
    ...parseDeliveryFilters(new URLSearchParams({ mode: subscription.mode, subscription: subscription.id })),
    pageSize: 10,
  });
  const logHref = `/console/webhooks/deliveries?mode=${subscription.mode}&subscription=${subscription.id}`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={`/console/webhooks?mode=${subscription.mode}`} className="text-brand-700 hover:underline">
          Webhooks
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-mono text-xl font-semibold tracking-tight break-all">{subscription.url}</h1>
            <EndpointBadge enabled={subscription.enabled} />
            {subscription.mode === "test" && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Test</span>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-600">{subscription.description ?? "No description"}</p>
        </div>
        {isAdmin && (
          <SubscriptionActions
            subscription={{
              id: subscription.id,
              mode: subscription.mode,
              url: subscription.url,
              enabled: subscription.enabled,
            }}
          />
        )}
      </div>
      {!subscription.enabled && (
        <p className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-800">
          <span className="font-semibold">
            Disabled{subscription.disabledReason ? `: ${subscription.disabledReason}.` : "."}
          </span>{" "}
          No events are sent to this endpoint until it is enabled again.
        </p>
      )}
      <Section title="Details" id="details">
        <Facts
          items={[
            [
              "Endpoint id",
              <span key="id" className="font-mono text-xs">
                {subscription.id}
              </span>,
            ],
            ["Mode", subscription.mode === "test" ? "Test (sandbox)" : "Live"],
            [
              "Events",
              subscription.events.length === 0 ? (
                "All events"
              ) : (
                <span key="ev" className="font-mono text-xs">
                  {subscription.events.join(", ")}
                </span>
              ),
            ],
            ["Created", consoleWhen(subscription.createdAt)],
            [
              "Signing secret",
              subscription.previousSecretExpiresAt
                ? `Rotated; the previous secret also signs until ${consoleWhen(subscription.previousSecretExpiresAt)}`
                : "Shown only when created or rotated",
            ],
            [`Health, last ${HEALTH_WINDOW_DAYS} days`, <EndpointHealth key="h" health={subscription.health} />],
          ]}
        />
      </Section>
      <Section
        title="Recent deliveries"
        id="recent"
        aside={
          <Link href={logHref} className="text-sm font-medium text-brand-700 hover:underline">
            All deliveries to this endpoint
          </Link>
        }
      >
        <RecentDeliveries deliveries={recent.deliveries} />
      </Section>
      {isAdmin && (
        <Section title="Edit endpoint" id="edit">
          <SubscriptionForm
            mode={subscription.mode}
            existing={{
              id: subscription.id,
              url: subscription.url,
              description: subscription.description,
              events: subscription.events,
            }}
          />
        </Section>
      )}
    </>
  );
}
