// The trade's webhook events and every delivery attempt: status, duration and what the tenant's
// endpoint answered, so staff see at once whether the marketplace was told.
import type { ConsoleTrade } from "@/lib/console/trades/load-trade.ts";
import { RedeliverButton } from "../redeliver-button.tsx";
import { consoleWhen, Empty, Section } from "../ui.tsx";

export function WebhookEvents({ events, canRedeliver }: { events: ConsoleTrade["events"]; canRedeliver: boolean }) {
  return (
    <Section title="Webhook events" id="webhooks">
      {events.length === 0 ? (
        <Empty>No event yet.</Empty>
      ) : (
        <ol className="space-y-4">
          {events.map((event) => (
            <li key={event.id} className="text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p>
                  <span className="font-mono font-medium">{event.eventName}</span>{" "}
                  <span className="text-slate-600">
                    · {consoleWhen(event.createdAt)} · {event.id}
                  </span>
                </p>
                {canRedeliver && <RedeliverButton eventId={event.id} />}
              </div>
              {event.deliveries.length === 0 ? (
                <p className="text-slate-600">
                  {event.dispatchedAt ? "No subscription wanted it." : "Waiting to be sent."}
                </p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {event.deliveries.map((delivery) => (
                    <li key={delivery.id} className="rounded-lg bg-slate-50 px-3 py-2">
                      <p>
                        <span className="font-medium">{delivery.status}</span> to{" "}
                        <span className="font-mono text-xs">{delivery.subscription.url}</span>
                      </p>
                      {delivery.attempts.map((attempt) => (
                        <p key={attempt.id} className="text-xs text-slate-700">
                          Attempt {attempt.attemptNumber}: {attempt.responseStatus ?? attempt.error ?? "no answer"} in{" "}
                          {attempt.durationMs} ms · {consoleWhen(attempt.createdAt)}
                          {attempt.responseExcerpt ? ` · “${attempt.responseExcerpt.slice(0, 120)}”` : ""}
                        </p>
                      ))}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
