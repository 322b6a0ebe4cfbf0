// Test controls: not Stripe's API, but the levers a test needs to make Stripe's behaviour happen
// on demand (pay a Checkout Session without a browser, let days pass, close a dispute) and to
// disturb it the ways real life does (duplicate, reorder, delay or lose webhooks; make the API
// unreachable). The same controls are on the object startStripeStandIn returns and over HTTP
// under /_stand_in/ (for a stand-in running as its own process, e.g. under Playwright).
import type { IncomingMessage, ServerResponse } from "node:http";
import type Stripe from "stripe";
import { closeDispute } from "./api/disputes.ts";
import { choose, confirm, type PayerChoice, type PayerStep } from "./api/payer.ts";
import { StripeApiError } from "./errors.ts";
import type { DeliveryRecord } from "./events.ts";
import { isJsonObject, type Json } from "./json.ts";
import type { StandInEvent } from "./objects/event.ts";
import type { World } from "./world.ts";

export type UnreachableMode = "reset" | "error_500";

/** While set, API requests get their connection reset or a 500, as when Stripe is unreachable. */
export class Unreachability {
  private untilMs = 0;
  mode: UnreachableMode = "reset";

  set(forMs: number, mode: UnreachableMode): void {
    this.untilMs = Date.now() + forMs;
    this.mode = mode;
  }

  active(): boolean {
    return Date.now() < this.untilMs;
  }
}

/**
 * Hooks run once, when an API request to their route ("POST /v1/payouts") has been carried out and
 * before its answer is written: where a test kills the caller, so that Stripe has done the work
 * and the caller never hears of it (a crash between the rail's answer and the caller's commit).
 */
export class AnswerHooks {
  private readonly hooks = new Map<string, () => Promise<void> | void>();

  set(route: string, hook: () => Promise<void> | void): void {
    this.hooks.set(route, hook);
  }

  /** The hook for this request's route, taken (it runs once); undefined when there is none. */
  take(method: string, path: string): (() => Promise<void> | void) | undefined {
    const route = `${method} ${path}`;
    const hook = this.hooks.get(route);
    this.hooks.delete(route);
    return hook;
  }
}

/** A payer's choice, with the answer to a confirmation step (3-D Secure, MobilePay) if one comes. */
export type CompletionChoice = PayerChoice & { confirm?: "approve" | "reject" };

export interface StandInControls {
  readonly platformAccountId: string;
  /** Every event published so far, oldest first. */
  events(): StandInEvent[];
  /** Every delivery attempt so far, with its outcome. */
  deliveries(): DeliveryRecord[];
  /** Delivers an event again to its endpoints (a duplicate, as Stripe may send). */
  resendEvent(eventId: string): void;
  /** Holds every delivery from now on… */
  holdEvents(): void;
  /** …and sends the held ones, newest first unless told otherwise. Returns how many. */
  releaseEvents(order?: "reverse" | "original"): number;
  /** Delays every first delivery attempt by `ms` (0 to stop). */
  delayEvents(ms: number): void;
  /** Loses the next `count` deliveries (never sent, never retried). */
  dropNextDeliveries(count: number): void;
  /** For `forMs` of real time, API requests get a reset connection or a 500. */
  makeUnreachable(forMs: number, mode?: UnreachableMode): void;
  /**
   * Once: after the next API request to `route` ("POST /v1/transfers") is carried out, awaits `hook`
   * before writing the answer. In-process only (a hook is code); not offered over HTTP.
   */
  beforeAnswering(route: string, hook: () => Promise<void> | void): void;
  /** Moves the stand-in's clock forward and runs what falls due (refunds, payouts, expiry). */
  advanceClock(seconds: number): number;
  /** The stand-in's clock, unix seconds. */
  now(): number;
  closeDispute(disputeId: string, outcome: "won" | "lost"): Stripe.Dispute;
  /** Pays (or cancels) a Checkout Session as the payer would on the hosted page. */
  completeCheckoutSession(sessionId: string, choice: CompletionChoice): PayerStep;
  balanceOf(accountId: string): Stripe.Balance;
  /** Resolves when no webhook delivery is on the wire. */
  deliveriesSettled(): Promise<void>;
}

export function createControls(
  world: World,
  unreachability: Unreachability,
  answerHooks: AnswerHooks,
): StandInControls {
  const { state, events, clock, scheduler, ledger } = world;
  return {
    platformAccountId: state.platformAccountId,
    events: () => events.list(),
    deliveries: () => [...events.deliveries],
    resendEvent(eventId) {
      if (!events.resend(eventId))
        throw new StripeApiError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such event: '${eventId}'`,
        });
    },
    holdEvents: () => events.hold(),
    releaseEvents: (order = "reverse") => events.releaseHeld(order),
    delayEvents: (ms) => events.delay(ms),
    dropNextDeliveries: (count) => events.dropNext(count),
    makeUnreachable: (forMs, mode = "reset") => unreachability.set(forMs, mode),
    beforeAnswering: (route, hook) => answerHooks.set(route, hook),
    advanceClock(seconds) {
      clock.advance(seconds);
      scheduler.runDue();
      return clock.now();
    },
    now: () => clock.now(),
    closeDispute: (disputeId, outcome) => closeDispute(world, disputeId, outcome),
    completeCheckoutSession(sessionId, choice) {
      const step = choose(world, sessionId, choice);
      if ((step.next === "authenticate" || step.next === "mobilepay") && choice.confirm) {
        return confirm(world, sessionId, choice.confirm === "approve");
      }
      return step;
    },
    balanceOf: (accountId) => ledger.balance(accountId, accountId === state.platformAccountId),
    deliveriesSettled: () => events.settled(),
  };
}

function field(body: Json, name: string): Json | undefined {
  return isJsonObject(body) ? body[name] : undefined;
}

function choiceFrom(body: Json): CompletionChoice {
  const method = field(body, "method");
  const confirmation =
    field(body, "confirm") === "reject" ? "reject" : field(body, "confirm") === "approve" ? "approve" : undefined;
  if (method === "card") return { method, number: String(field(body, "number") ?? ""), confirm: confirmation };
  if (method === "mobilepay") return { method, confirm: confirmation };
  return { method: "cancel" };
}

/** What a control route answers; undefined when there is no such control. */
function runControl(controls: StandInControls, route: string, body: Json): { value: unknown } | undefined {
  let match: RegExpExecArray | null;
  if (route === "GET /events") return { value: controls.events() };
  if (route === "GET /deliveries") return { value: controls.deliveries() };
  if ((match = /^POST \/events\/([^/]+)\/resend$/.exec(route))) return { value: controls.resendEvent(match[1]!) };
  if (route === "POST /events/hold") return { value: controls.holdEvents() };
  if (route === "POST /events/release") {
    return {
      value: { released: controls.releaseEvents(field(body, "order") === "original" ? "original" : "reverse") },
    };
  }
  if (route === "POST /events/delay") return { value: controls.delayEvents(Number(field(body, "ms") ?? 0)) };
  if (route === "POST /deliveries/drop")
    return { value: controls.dropNextDeliveries(Number(field(body, "count") ?? 1)) };
  if (route === "POST /unreachable") {
    const mode = field(body, "mode") === "error_500" ? "error_500" : "reset";
    return { value: controls.makeUnreachable(Number(field(body, "forMs") ?? 1000), mode) };
  }
  if (route === "POST /clock/advance")
    return { value: { now: controls.advanceClock(Number(field(body, "seconds") ?? 0)) } };
  if (route === "GET /clock") return { value: { now: controls.now() } };
  if (route === "GET /platform") return { value: { id: controls.platformAccountId } };
  if ((match = /^POST \/disputes\/([^/]+)\/close$/.exec(route))) {
    return { value: controls.closeDispute(match[1]!, field(body, "outcome") === "won" ? "won" : "lost") };
  }
  if ((match = /^POST \/checkout\/sessions\/([^/]+)\/complete$/.exec(route))) {
    return { value: controls.completeCheckoutSession(match[1]!, choiceFrom(body)) };
  }
  if ((match = /^GET \/accounts\/([^/]+)\/balance$/.exec(route))) return { value: controls.balanceOf(match[1]!) };
  return undefined;
}

/** Answers /_stand_in/… requests (JSON in, JSON out); false when the path is not a control. */
export function serveControl(
  controls: StandInControls,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  body: string,
): boolean {
  if (!url.pathname.startsWith("/_stand_in/")) return false;
  const answer = (status: number, value: unknown) =>
    response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value ?? null, null, 2));
  const route = `${request.method} ${url.pathname.slice("/_stand_in".length)}`;
  try {
    const result = runControl(controls, route, (body ? JSON.parse(body) : {}) as Json);
    if (result) answer(200, result.value);
    else answer(404, { error: `no control ${route}` });
  } catch (error) {
    if (error instanceof StripeApiError) answer(error.status, { error: error.fields });
    else if (error instanceof SyntaxError) answer(400, { error: "the control's body must be JSON" });
    else throw error;
  }
  return true;
}
