// What every operation works on: the clock, the objects, the balances, the events and the work
// that falls due later, plus the settings the stand-in was started with.
import type { StandInClock } from "./clock.ts";
import type { EventPublisher } from "./events.ts";
import type { Ledger } from "./ledger.ts";
import type { CausingRequest } from "./objects/event.ts";
import type { Scheduler } from "./scheduler.ts";
import type { StandInState } from "./state.ts";

export interface StandInSettings {
  /** Where the hosted Checkout pages are reached (the session's `url` starts with it). */
  publicUrl: string;
  apiVersion: string;
  /** How long after a refund or a disputed payment Stripe settles the refund or opens the dispute. */
  settlementDelayMs: number;
  /** How long after a payout is created it arrives (its `arrival_date`) and turns paid or failed. */
  payoutArrivalSeconds: number;
  /** How long a charge's funds stay pending before they are available. */
  chargeAvailabilitySeconds: number;
}

export interface World {
  clock: StandInClock;
  state: StandInState;
  ledger: Ledger;
  events: EventPublisher;
  scheduler: Scheduler;
  settings: StandInSettings;
}

/** Who a request acts as, and what events it causes should name as their request. */
export interface Caller {
  account: string;
  isPlatform: boolean;
  request: CausingRequest;
}
