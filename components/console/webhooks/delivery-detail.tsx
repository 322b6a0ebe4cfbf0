// One delivery, in full: the request as signed and sent (URL, headers, body) and every attempt's
// answer (status, duration, the start of the body, or the error). The service stores the headers
// it signed and the first 1,000 characters of each answer, not the answer's headers.
import type { ConsoleDelivery } from "@/lib/console/webhooks/load-delivery.ts";
import { consoleWhen, Section } from "../ui.tsx";
import { ResponseCode } from "./webhook-badges.tsx";

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};
const CODE =
  "mt-1 max-h-96 overflow-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs leading-5 whitespace-pre text-slate-100";

function Headers({ headers }: { headers: Record<string, string> }) {
  return (
    <dl className="relative mt-1 overflow-x-auto rounded-lg border border-slate-200 font-mono text-xs">
      {Object.entries(headers).map(([name, value]) => (
        <div key={name} className="flex gap-3 border-b border-slate-100 px-3 py-1.5 last:border-0">
          <dt className="w-44 shrink-0 text-slate-600">{name}</dt>
          <dd className="break-all text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DeliveryRequest({ delivery }: { delivery: ConsoleDelivery }) {
  const latest = delivery.attempts[0];
  const body = latest ? latest.requestBody : JSON.stringify(delivery.event.payload);
  return (
    <Section title="Request" id="request">
      <p className="text-sm">
        <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-semibold">POST</span>
        <span className="font-mono text-sm break-all">{latest?.requestUrl ?? delivery.subscription.url}</span>
      </p>
      <h3 className="mt-4 text-sm font-semibold">Headers{latest ? ` (attempt ${latest.attemptNumber})` : ""}</h3>
      {latest ? (
        <>
          <Headers
            headers={{ ...latest.requestHeaders, "content-type": "application/json", "user-agent": "EscrowWebhooks/1" }}
          />
          <p className="mt-1 text-xs text-slate-600">
            Each attempt is signed afresh (a new timestamp), so the signature differs per attempt.
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Not sent yet: the headers are signed when the first attempt is made.
        </p>
      )}
      <h3 className="mt-4 text-sm font-semibold">Body</h3>
      <pre tabIndex={0} aria-label="Request body" className={CODE}>
        {pretty(body)}
      </pre>
    </Section>
  );
}

export function DeliveryAttempts({ delivery }: { delivery: ConsoleDelivery }) {
  return (
    <Section
      title="Attempts"
      id="attempts"
      aside={
        delivery.nextAttemptAt ? (
          <span className="text-sm text-slate-700">Next attempt {consoleWhen(delivery.nextAttemptAt)}</span>
        ) : undefined
      }
    >
      {delivery.attempts.length === 0 ? (
        <p className="text-sm text-slate-600">
          {delivery.status === "Pending" ? "Waiting for the first attempt (within seconds)." : "No attempt was made."}
        </p>
      ) : (
        <ol className="space-y-3">
          {delivery.attempts.map((attempt) => {
            const ok = attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
            return (
              <li
                key={attempt.id}
                aria-label={`Attempt ${attempt.attemptNumber}`}
                className={`rounded-lg border px-4 py-3 ${ok ? "border-emerald-200" : "border-red-200"}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <p>
                    <span className="font-semibold">Attempt {attempt.attemptNumber}</span> ·{" "}
                    <ResponseCode status={attempt.responseStatus} error={attempt.error} /> · {attempt.durationMs} ms
                  </p>
                  <p className="text-slate-600">{consoleWhen(attempt.createdAt)}</p>
                </div>
                {attempt.error && <p className="mt-1 text-sm text-red-800">Error: {attempt.error}</p>}
                <h4 className="mt-2 text-xs font-semibold text-slate-600 uppercase">Response body</h4>
                {attempt.responseExcerpt ? (
                  <pre tabIndex={0} aria-label={`Response body of attempt ${attempt.attemptNumber}`} className={CODE}>
                    {pretty(attempt.responseExcerpt)}
                  </pre>
                ) : (
                  <p className="text-sm text-slate-600">Empty</p>
                )}
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-slate-700">Signed headers of this attempt</summary>
                  <Headers headers={attempt.requestHeaders} />
                </details>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}
