"use client";
// Adding or editing a webhook endpoint: its URL, a description, and which events it receives (all,
// including events added later, or a chosen few). The server applies the API's rules (https, or
// http to localhost in test mode; public addresses only in live mode) and its message is shown as
// it is. After adding, the signing secret is shown once.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { TRADE_EVENT_NAMES, type EventName } from "@/lib/webhooks/event-names.ts";
import { consolePost, type ConsolePostResult } from "../kit/console-post.ts";
import { SecretPanel } from "./secret-panel.tsx";
import { webhookSubscriptionCreate, webhookSubscriptionUpdate } from "@/lib/console/operations/webhooks.ts";

interface Existing {
  id: string;
  url: string;
  description: string | null;
  events: string[];
}

const GROUPS: [string, readonly string[]][] = [
  ["Trade events", TRADE_EVENT_NAMES],
  ["User events", ["user.connected"]],
];

type Created = { id: string; secret: string };

/** An edit answers the endpoint (null here); an addition also its signing secret, shown once. */
async function saveEndpoint(
  mode: "test" | "live",
  existing: Existing | undefined,
  url: string,
  description: string,
  events: EventName[],
): Promise<ConsolePostResult<Created | null>> {
  if (existing) {
    const body = { url, description: description || null, events };
    const result = await consolePost(webhookSubscriptionUpdate, { subscriptionId: existing.id }, body);
    return result.ok ? { ok: true, data: null } : result;
  }
  return consolePost(webhookSubscriptionCreate, {}, { mode, url, ...(description ? { description } : {}), events });
}

export function SubscriptionForm({ mode, existing }: { mode: "test" | "live"; existing?: Existing }) {
  const router = useRouter();
  const [url, setUrl] = useState(existing?.url ?? "");
  const [description, setDescription] = useState(existing?.description ?? "");
  const [scope, setScope] = useState<Scope>(existing && existing.events.length > 0 ? "some" : "all");
  const [events, setEvents] = useState<Set<string>>(new Set(existing?.events ?? []));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    if (scope === "some" && events.size === 0) {
      setError("Choose at least one event, or receive all events.");
      return;
    }
    setBusy(true);
    // The checkboxes offer only event names (GROUPS).
    const chosen = (scope === "all" ? [] : [...events]) as EventName[];
    const result = await saveEndpoint(mode, existing, url.trim(), description.trim(), chosen);
    setBusy(false);
    // The API names the field ("url: …"); beside the form the field is plain.
    if (!result.ok) return setError(result.error.replace(/^url: /, "The endpoint URL: "));
    if (existing) {
      setSaved(true);
      router.refresh();
    } else {
      setCreated(result.data);
    }
  }

  if (created) return <CreatedSecret created={created} />;
  const onUrl = (value: string) => {
    setUrl(value);
    setError(null);
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5" noValidate>
      <EndpointFields mode={mode} url={url} onUrl={onUrl} description={description} onDescription={setDescription} />
      <EventChoice scope={scope} onScope={setScope} events={events} onEvents={setEvents} />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Saving…" : existing ? "Save changes" : "Add endpoint"}
        </button>
        {!existing && (
          <Link href={`/console/webhooks?mode=${mode}`} className="text-sm font-medium text-slate-700 hover:underline">
            Cancel
          </Link>
        )}
        <span role="status" className="text-sm text-emerald-800">
          {saved ? "Saved" : ""}
        </span>
      </div>
    </form>
  );
}

function CreatedSecret({ created }: { created: Created }) {
  return (
    <SecretPanel secret={created.secret} title="Endpoint added: here is its signing secret">
      <Link href={`/console/webhooks/${created.id}`} className="font-semibold text-brand-700 underline">
        Go to the endpoint
      </Link>{" "}
      to send it a test event.
    </SecretPanel>
  );
}

interface EndpointFieldsProps {
  mode: "test" | "live";
  url: string;
  onUrl: (url: string) => void;
  description: string;
  onDescription: (description: string) => void;
}

function EndpointFields({ mode, url, onUrl, description, onDescription }: EndpointFieldsProps) {
  return (
    <>
      <div>
        <label htmlFor="webhook-url" className="block text-sm font-medium text-slate-800">
          Endpoint URL
        </label>
        <input
          id="webhook-url"
          name="url"
          inputMode="url"
          autoComplete="off"
          required
          value={url}
          onChange={(e) => onUrl(e.target.value)}
          placeholder="https://marketplace.example/webhooks/escrow"
          aria-describedby="webhook-url-help"
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm"
        />
        <p id="webhook-url-help" className="mt-1 text-xs text-slate-600">
          {mode === "live"
            ? "An https address on the public internet."
            : "An https address; in test mode plain http to localhost works too, for local development."}
        </p>
      </div>
      <div>
        <label htmlFor="webhook-description" className="block text-sm font-medium text-slate-800">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id="webhook-description"
          name="description"
          maxLength={500}
          value={description}
          onChange={(e) => onDescription(e.target.value)}
          placeholder="Order service, production"
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
        />
      </div>
    </>
  );
}

type Scope = "all" | "some";

function EventChoice({
  scope,
  onScope,
  events,
  onEvents,
}: {
  scope: Scope;
  onScope: (scope: Scope) => void;
  events: Set<string>;
  onEvents: (events: Set<string>) => void;
}) {
  const toggle = (name: string, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(name);
    else next.delete(name);
    onEvents(next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Events to send</legend>
      <div className="mt-2 space-y-2 text-sm">
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="scope"
            checked={scope === "all"}
            onChange={() => onScope("all")}
            className="mt-0.5"
          />
          <span>
            All events <span className="text-slate-600">— including event types added later</span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="scope"
            checked={scope === "some"}
            onChange={() => onScope("some")}
            className="mt-0.5"
          />
          <span>Selected events</span>
        </label>
      </div>
      {scope === "some" && (
        <div className="mt-3 grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
          {GROUPS.map(([group, names]) => (
            <fieldset key={group}>
              <legend className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{group}</legend>
              <ul className="mt-2 space-y-1">
                {names.map((name) => (
                  <li key={name}>
                    <label className="flex items-center gap-2 font-mono text-xs">
                      <input
                        type="checkbox"
                        checked={events.has(name)}
                        onChange={(e) => toggle(name, e.target.checked)}
                      />
                      {name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
      )}
    </fieldset>
  );
}
