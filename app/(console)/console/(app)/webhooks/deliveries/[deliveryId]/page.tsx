// /console/webhooks/deliveries/{deliveryId} – one delivery: request, every attempt, next retry, redeliver.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RedeliverButton } from "@/components/console/redeliver-button.tsx";
import { consoleWhen, Facts, Section } from "@/components/console/ui.tsx";
import { DeliveryBadge } from "@/components/console/webhooks/webhook-badges.tsx";
import { DeliveryAttempts, DeliveryRequest } from "@/components/console/webhooks/delivery-detail.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { loadConsoleDelivery } from "@/lib/console/webhooks/load-delivery.ts";

export const metadata: Metadata = { title: "Webhook delivery" };

export default async function DeliveryPage({ params }: { params: Promise<{ deliveryId: string }> }) {
  const [{ deliveryId }, { tenant, isAdmin }] = await Promise.all([params, requireStaff()]);
  const delivery = await loadConsoleDelivery(tenant.id, deliveryId);
  if (!delivery) notFound();
  const { event, subscription } = delivery;
  return (
    <>
      <nav aria-label="Breadcrumb" className="flex gap-2 text-sm text-slate-500">
        <Link href={`/console/webhooks?mode=${subscription.mode}`} className="text-brand-700 hover:underline">
          Webhooks
        </Link>
        <span aria-hidden="true">/</span>
        <Link
          href={`/console/webhooks/deliveries?mode=${subscription.mode}`}
          className="text-brand-700 hover:underline"
        >
          Delivery log
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-xl font-semibold tracking-tight">{event.eventName}</h1>
          <DeliveryBadge status={delivery.status} attemptCount={delivery.attemptCount} />
        </div>
        {isAdmin && (
          <div className="text-right">
            <RedeliverButton eventId={event.id} />
            <p className="mt-1 max-w-xs text-xs text-slate-600">
              Sends the event again now to every enabled endpoint that receives it.
            </p>
          </div>
        )}
      </div>
      <Section title="Summary" id="summary">
        <Facts
          items={[
            [
              "Endpoint",
              <Link
                key="e"
                href={`/console/webhooks/${subscription.id}`}
                className="font-mono text-xs break-all text-brand-700 hover:underline"
              >
                {subscription.url}
              </Link>,
            ],
            [
              "Trade",
              event.tradeId ? (
                <Link
                  key="t"
                  href={`/console/trades/${event.tradeId}`}
                  className="font-mono text-xs text-brand-700 hover:underline"
                >
                  {event.tradeId}
                </Link>
              ) : event.marketplaceUserId ? (
                `User ${event.marketplaceUserId}`
              ) : (
                "—"
              ),
            ],
            [
              "Event id (webhook-id)",
              <span key="id" className="font-mono text-xs">
                {event.id}
              </span>,
            ],
            [
              "Delivery id",
              <span key="d" className="font-mono text-xs">
                {delivery.id}
              </span>,
            ],
            [
              "Event happened",
              <EventTime
                key="w"
                happened={event.createdAt}
                dispatched={event.dispatchedAt}
                test={subscription.mode === "test"}
              />,
            ],
            ["Attempts", String(delivery.attemptCount)],
            [
              delivery.status === "Pending" ? "Next attempt" : "Finished",
              consoleWhen(delivery.status === "Pending" ? delivery.nextAttemptAt : delivery.completedAt),
            ],
            ["Mode", subscription.mode === "test" ? "Test (sandbox)" : "Live"],
          ]}
        />
      </Section>
      <DeliveryRequest delivery={delivery} />
      <DeliveryAttempts delivery={delivery} />
    </>
  );
}

/**
 * In test mode an event's time is the sandbox clock's, which a clock advance moves ahead of real
 * time; attempts are always real time. Without saying so, the page would show an event created
 * days after its attempt finished.
 */
function EventTime({ happened, dispatched, test }: { happened: Date; dispatched: Date | null; test: boolean }) {
  const aheadMs = dispatched ? happened.getTime() - dispatched.getTime() : 0;
  if (!test || !dispatched || Math.abs(aheadMs) < 60_000) return <>{consoleWhen(happened)}</>;
  return (
    <>
      {consoleWhen(happened)} <span className="text-slate-600">on the sandbox clock</span>
      <span className="block text-xs text-slate-600">
        The sandbox clock was {formatDuration(Math.abs(aheadMs))} {aheadMs > 0 ? "ahead of" : "behind"} real time; sent
        for delivery {consoleWhen(dispatched)}. Attempts are in real time.
      </span>
    </>
  );
}

function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
