// Fixed-window request counters shared by every server instance, with no database work on the
// request path. Each instance decides from what it knows: the window's total in the database as of
// its last flush, plus what it has counted itself since. Every FLUSH_MS it adds its new counts to
// the shared rows with ONE statement for all keys (an INSERT … ON CONFLICT DO UPDATE … RETURNING
// on RateLimitCounter, the layout and window rule of rate-limiter-flexible's RateLimiterPostgres)
// and learns the totals, which include the other instances' counts.
//
// Why not one statement per request (rate-limiter-flexible's RateLimiterPostgres, as the console
// sign-in uses its Prisma store): it adds to every API request a statement's server CPU, a round
// trip and a row lock on the token's one hot row (docs/reliability.md, "Rate limits", has the
// measurement). The price of batching: another instance's requests are seen up to FLUSH_MS late, so
// with N instances a token can exceed its limit by what the others admit in that time; one instance
// is exact.
import { db } from "../db/client.ts";
import { log } from "../ops/log.ts";

export interface WindowCount {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  resetSeconds: number;
}

const FLUSH_MS = 100;

interface Entry {
  /** Epoch ms when the window ends: the shared row's once a flush returned it. */
  windowEnd: number;
  /** The window's total in the database at the last flush (all instances). */
  shared: number;
  /** Counted here and being written by the running flush. */
  inFlight: number;
  /** Counted here since. */
  pending: number;
}

// The batched upsert. Keys are sorted so that instances flushing the same keys lock the rows in
// the same order (no deadlock); a row whose window ended starts a new one with our count.
export const UPSERT_COUNTS = `
  INSERT INTO "RateLimitCounter" ("key", "points", "expire")
  SELECT * FROM unnest($1::varchar[], $2::int[], $3::text[]::bigint[])
  ON CONFLICT ("key") DO UPDATE SET
    "points" = CASE WHEN "RateLimitCounter"."expire" <= $4::text::bigint THEN EXCLUDED."points" ELSE "RateLimitCounter"."points" + EXCLUDED."points" END,
    "expire" = CASE WHEN "RateLimitCounter"."expire" <= $4::text::bigint THEN EXCLUDED."expire" ELSE "RateLimitCounter"."expire" END
  RETURNING "key", "points", "expire"`;

/** One process's view of the shared counters; the app uses the one below, tests make several. */
export class WindowCounter {
  private readonly entries = new Map<string, Entry>();
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  windowSeconds = 60;

  /** Counts one request of `key` against `limit` per window; refuses it once the window is used up. */
  count(key: string, limit: number): WindowCount {
    const now = Date.now();
    let entry = this.entries.get(key);
    if (!entry || now >= entry.windowEnd) {
      entry = { windowEnd: now + this.windowSeconds * 1000, shared: 0, inFlight: 0, pending: 0 };
      this.entries.set(key, entry);
    }
    const used = entry.shared + entry.inFlight + entry.pending;
    const resetSeconds = Math.max(1, Math.ceil((entry.windowEnd - now) / 1000));
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetSeconds };
    entry.pending++;
    this.dirty.add(key);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    return { allowed: true, limit, remaining: limit - used - 1, resetSeconds };
  }

  /** Writes the counts made here and learns every instance's totals; one statement for all keys. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    const keys = [...this.dirty].sort();
    this.dirty.clear();
    if (!keys.length) return this.forgetEnded();
    const batch = keys.map((key) => {
      const entry = this.entries.get(key)!;
      entry.inFlight = entry.pending;
      entry.pending = 0;
      return { key, entry, points: entry.inFlight };
    });
    const now = Date.now();
    this.flushing = (async () => {
      try {
        // eslint-disable-next-line no-restricted-syntax -- a constant statement (UPSERT_COUNTS, which the rate-limit benchmark runs too) with bound $n parameters
        const rows = await db.$queryRawUnsafe<{ key: string; points: number; expire: bigint }[]>(
          UPSERT_COUNTS,
          keys,
          batch.map((b) => b.points),
          // Epoch milliseconds as text: exact, and cast to bigint by the statement.
          batch.map(() => String(now + this.windowSeconds * 1000)),
          String(now),
        );
        const totals = new Map(rows.map((row) => [row.key, row]));
        for (const { key, entry } of batch) {
          const row = totals.get(key)!;
          entry.shared = row.points;
          entry.windowEnd = Number(row.expire);
          entry.inFlight = 0;
        }
      } catch (error) {
        // The counts wait for the next flush; the requests meanwhile are decided on what is known.
        log.error("Could not write the rate limit counts; retrying", error);
        for (const { key, entry } of batch) {
          entry.pending += entry.inFlight;
          entry.inFlight = 0;
          this.dirty.add(key);
        }
        this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS * 10).unref();
      }
    })();
    await this.flushing;
    this.flushing = null;
    if (this.dirty.size) this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
    this.forgetEnded();
  }

  /** Keys whose window has ended and that owe nothing: a fresh entry starts if they come back. */
  private forgetEnded() {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (now >= entry.windowEnd && !entry.pending && !entry.inFlight) this.entries.delete(key);
    }
  }
}

/** This process's counters (API tokens and hosted-page clients). */
export const windowCounter = new WindowCounter();

/** The limits are per minute; tests shorten the window instead of waiting a minute. */
export function setRateLimitWindowSeconds(seconds: number): void {
  windowCounter.windowSeconds = seconds;
}

/** Counts one request of `key` (under `prefix`: "api", "hosted") against `limit` per minute. */
export function countRequest(prefix: string, key: string, limit: number): WindowCount {
  return windowCounter.count(`${prefix}:${key}`, limit);
}
