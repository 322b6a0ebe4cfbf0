// The stand-in's own time: real time plus an offset a test can move forward. Objects take their
// `created`, `available_on`, `arrival_date` and `expires_at` from it, and work that Stripe does
// later (settling refunds, paying out, expiring sessions) falls due by it, so a test can skip days
// in a millisecond. Webhook signatures are NOT stamped from it: the SDK checks them against the
// receiver's wall clock, as Stripe's real signatures are.
export class StandInClock {
  private offsetMs: number;

  constructor(start?: Date) {
    this.offsetMs = start ? start.getTime() - Date.now() : 0;
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  /** Unix seconds, as every Stripe timestamp is. */
  now(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}
