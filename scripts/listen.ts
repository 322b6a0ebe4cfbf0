// npm run cli -- listen: a tenant developer's events, on their laptop, as they happen (like
// `stripe listen`). Reads the sandbox event feed (GET /v1/sandbox/events/feed, a long poll with
// the test token) and forwards each event to a local URL, signed exactly as a real delivery
// (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) with a secret made for
// this session and printed at the start; or only prints them (--print). Needs no database: it
// talks to the API like any tenant backend, so it works against a shared sandbox too.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

export interface ListenOptions {
  api: string;
  apiKey: string;
  forwardTo?: string;
  events: string[];
  /** Called for every line of output (the CLI prints them). */
  write: (line: string) => void;
  signal?: AbortSignal;
}

interface FeedEvent {
  id: string;
  eventName: string;
  tradeId: string | null;
  payload: Record<string, unknown>;
}

const WAIT_SECONDS = 20;

export async function listen(options: ListenOptions): Promise<void> {
  if (!options.apiKey.startsWith("esk_test_"))
    throw new Error("listen needs a sandbox API key (esk_test_…): the event feed is test mode only.");
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  const signer = new Webhook(secret);
  const feed = new URL("/api/v1/sandbox/events/feed", options.api);
  options.write(
    `Listening for ${options.events.length ? options.events.join(", ") : "all events"} on ${feed.origin} (Ctrl-C to stop).`,
  );
  options.write(
    options.forwardTo
      ? `Forwarding to ${options.forwardTo}, signed with ${secret}`
      : "Printing only (no --forward-to).",
  );

  let cursor: string | undefined;
  // The feed may repeat an event around its cursor after a reconnect: forward each once.
  const seen = new Set<string>();
  let failures = 0;
  while (!options.signal?.aborted) {
    const url = new URL(feed);
    url.searchParams.set("waitSeconds", String(WAIT_SECONDS));
    if (cursor) url.searchParams.set("cursor", cursor);
    if (options.events.length) url.searchParams.set("events", options.events.join(","));
    let answer: { events: FeedEvent[]; cursor: string };
    try {
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${options.apiKey}` },
        signal: options.signal,
      });
      const body = await response.json();
      if (response.status === 429) {
        // Too many calls, or too many feeds of this key open at once (another listener): wait as asked.
        const seconds = Number(response.headers.get("retry-after")) || 5;
        options.write(`The event feed asks to wait ${seconds} s (${body.detail ?? body.title}).`);
        await sleep(seconds * 1000);
        continue;
      }
      if (response.status === 401 || response.status === 403 || response.status === 400)
        throw new FatalFeedError(`${response.status} ${body.detail ?? body.title}`);
      if (!response.ok) throw new Error(`${response.status} ${body.detail ?? body.title}`);
      answer = body;
      failures = 0;
    } catch (error) {
      if (options.signal?.aborted) break;
      if (error instanceof FatalFeedError) throw new Error(`The event feed refused: ${error.message}`);
      failures++;
      options.write(`Cannot reach the event feed (${error instanceof Error ? error.message : error}); retrying.`);
      await sleep(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)));
      continue;
    }
    cursor = answer.cursor;
    for (const event of answer.events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      if (seen.size > 10_000) seen.delete(seen.values().next().value!);
      options.write(await deliver(event, options.forwardTo, signer));
    }
  }
}

/** One event: forwarded (and the local answer shown) or printed. */
async function deliver(event: FeedEvent, forwardTo: string | undefined, signer: Webhook): Promise<string> {
  const label = `${new Date().toISOString()}  ${event.eventName.padEnd(36)} ${event.id}${event.tradeId ? `  trade ${event.tradeId}` : ""}`;
  if (!forwardTo) return `${label}\n${JSON.stringify(event.payload, null, 2)}`;
  const body = JSON.stringify(event.payload);
  const timestamp = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": "EscrowWebhooks/1 (cli listen)",
    "webhook-id": event.id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": signer.sign(event.id, timestamp, body),
  };
  const started = performance.now();
  try {
    const response = await fetch(forwardTo, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    return `${label}  → ${response.status} (${Math.round(performance.now() - started)} ms)`;
  } catch (error) {
    return `${label}  → no answer (${error instanceof Error ? error.message : error})`;
  }
}

class FatalFeedError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
