// Publishes events and delivers them to the webhook endpoints, as Stripe does: each event is
// stored (GET /v1/events/{id}), and POSTed, signed, to every endpoint that listens for its side
// (a platform endpoint gets the platform's events, a Connect endpoint its connected accounts');
// a non-2xx answer or a failed connection is retried with backoff. Stripe retries for three days;
// the stand-in compresses that into `retryDelaysMs`.
//
// Tests can also disturb delivery the ways the network and Stripe do: hold events and release
// them in another order, delay them, lose some, or deliver one twice.
import type Stripe from "stripe";
import type { StandInClock } from "./clock.ts";
import type { JsonObject } from "./json.ts";
import { buildEvent, type CausingRequest, type StandInEvent } from "./objects/event.ts";
import { signatureHeader } from "./signing.ts";
import type { StandInState } from "./state.ts";

export interface WebhookEndpointOption {
  url: string;
  /** The endpoint's signing secret, whsec_… */
  secret: string;
  /** true: receives events of connected accounts (they carry `account`); false: the platform's. */
  connect: boolean;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  account: string | null;
  endpoint: string;
  attempt: number;
  outcome: "delivered" | "failed" | "dropped";
  status: number | null;
  error: string | null;
  /** Wall-clock milliseconds. */
  at: number;
}

interface Delivery {
  event: StandInEvent;
  payload: string;
  endpoint: WebhookEndpointOption;
  attempt: number;
}

export interface EventPublisherOptions {
  apiVersion: string;
  retryDelaysMs: readonly number[];
}

export class EventPublisher {
  readonly deliveries: DeliveryRecord[] = [];
  private held: Delivery[] | null = null;
  private delayMs = 0;
  private dropsLeft = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** Each event's body as first sent: a duplicate delivery repeats it byte for byte. */
  private readonly payloads = new Map<string, string>();

  constructor(
    private readonly state: StandInState,
    private readonly clock: StandInClock,
    private readonly endpoints: readonly WebhookEndpointOption[],
    private readonly options: EventPublisherOptions,
  ) {}

  publish(
    account: string,
    type: Stripe.Event["type"],
    object: object,
    request: CausingRequest,
    previousAttributes?: JsonObject,
  ): StandInEvent {
    const connectedAccount = account === this.state.platformAccountId ? null : account;
    const event = buildEvent({
      type,
      object,
      connectedAccount,
      apiVersion: this.options.apiVersion,
      created: this.clock.now(),
      request,
      previousAttributes,
    });
    const targets = this.endpoints.filter((endpoint) => endpoint.connect === (connectedAccount !== null));
    event.pending_webhooks = targets.length;
    this.state.events.add(account, event);
    // Stripe sends the event as it was when it happened, pretty-printed.
    const payload = JSON.stringify(event, null, 2);
    this.payloads.set(event.id, payload);
    for (const endpoint of targets) this.dispatch({ event, payload, endpoint, attempt: 1 });
    return event;
  }

  private dispatch(delivery: Delivery): void {
    if (this.stopped) return;
    if (this.dropsLeft > 0) {
      this.dropsLeft--;
      this.log(delivery, "dropped", null, null);
      return;
    }
    if (this.held) {
      this.held.push(delivery);
      return;
    }
    if (this.delayMs > 0) this.later(this.delayMs, () => this.send(delivery));
    else this.send(delivery);
  }

  private later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private send(delivery: Delivery): void {
    if (this.stopped) return;
    const attempt = this.post(delivery).finally(() => this.inFlight.delete(attempt));
    this.inFlight.add(attempt);
  }

  private async post(delivery: Delivery): Promise<void> {
    // Signed with the wall clock: receivers check the timestamp against their own clock.
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.endpoint.url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signatureHeader(delivery.payload, delivery.endpoint.secret, timestamp),
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: delivery.payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const delivered = status !== null && status >= 200 && status < 300;
    this.log(delivery, delivered ? "delivered" : "failed", status, error);
    if (delivered) {
      delivery.event.pending_webhooks = Math.max(0, delivery.event.pending_webhooks - 1);
      return;
    }
    const wait = this.options.retryDelaysMs[delivery.attempt - 1];
    if (wait !== undefined && !this.stopped) {
      this.later(wait, () => this.send({ ...delivery, attempt: delivery.attempt + 1 }));
    }
  }

  private log(delivery: Delivery, outcome: DeliveryRecord["outcome"], status: number | null, error: string | null) {
    this.deliveries.push({
      eventId: delivery.event.id,
      type: delivery.event.type,
      account: delivery.event.account ?? null,
      endpoint: delivery.endpoint.url,
      attempt: delivery.attempt,
      outcome,
      status,
      error,
      at: Date.now(),
    });
  }

  /** Keeps every delivery from now on until releaseHeld. */
  hold(): void {
    this.held ??= [];
  }

  /** Sends what was held, newest first by default (Stripe does not promise order). */
  releaseHeld(order: "reverse" | "original" = "reverse"): number {
    const held = this.held ?? [];
    this.held = null;
    const ordered = order === "reverse" ? [...held].reverse() : held;
    for (const delivery of ordered) this.dispatch(delivery);
    return ordered.length;
  }

  /** Every delivery from now on waits this long before its first attempt (0 to stop). */
  delay(ms: number): void {
    this.delayMs = ms;
  }

  /** The next `count` deliveries are lost: never sent, never retried. */
  dropNext(count: number): void {
    this.dropsLeft += count;
  }

  /** Delivers an event again to its endpoints, as Stripe sometimes does (a duplicate). */
  resend(eventId: string): boolean {
    const found = this.state.events.find(eventId);
    if (!found) return false;
    const event = found.object;
    const payload = this.payloads.get(event.id) ?? JSON.stringify(event, null, 2);
    for (const endpoint of this.endpoints.filter((candidate) => candidate.connect === (event.account !== undefined))) {
      this.dispatch({ event, payload, endpoint, attempt: 1 });
    }
    return true;
  }

  list(): StandInEvent[] {
    return this.state.events.all().map((item) => item.object);
  }

  /** Resolves when no delivery is being sent (held, delayed and retry-waiting ones aside). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
