// What Stripe does later, on its own: settle a refund, pay out, open a dispute, expire a Checkout
// Session. Each piece of work falls due at a time on the stand-in's clock; a ticker runs what is
// due, and advancing the clock runs it at once.
import type { StandInClock } from "./clock.ts";

interface Work {
  dueMs: number;
  label: string;
  run: () => void;
}

export class Scheduler {
  private queue: Work[] = [];
  private readonly ticker: NodeJS.Timeout;

  constructor(private readonly clock: StandInClock) {
    this.ticker = setInterval(() => this.runDue(), 25);
    this.ticker.unref();
  }

  at(dueMs: number, label: string, run: () => void): void {
    this.queue.push({ dueMs, label, run });
  }

  after(ms: number, label: string, run: () => void): void {
    this.at(this.clock.nowMs() + ms, label, run);
  }

  runDue(): void {
    for (;;) {
      const now = this.clock.nowMs();
      const due = this.queue.filter((work) => work.dueMs <= now).sort((a, b) => a.dueMs - b.dueMs)[0];
      if (!due) return;
      this.queue = this.queue.filter((work) => work !== due);
      due.run();
    }
  }

  pending(): string[] {
    return this.queue.map((work) => work.label);
  }

  stop(): void {
    clearInterval(this.ticker);
  }
}
