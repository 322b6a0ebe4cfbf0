// Brute-force protection of the console sign-in that cannot be turned against the owner.
//   - One client guessing one address: 10 failures per 15 minutes, then that client waits.
//   - One client guessing many addresses: 50 failures per 15 minutes, then that client waits.
//   - Many clients guessing one address (rotating addresses): after 5 failures from clients the
//     member never signed in from, each further attempt from such a client waits a growing delay
//     (2, 4, 8 … at most 60 seconds after the last failure). Never a hard lock, and a browser
//     where the member signed in before (a known device, known-devices.ts) is not slowed by it:
//     knowing someone's address no longer locks them out.
// The first two are counted with rate-limiter-flexible in the database (every instance sees the
// same attempts); the third in ConsoleSignInThrottle, which an admin sees and lifts on the Team page.
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { db } from "../../db/client.ts";

export const FAILURES_PER_PAIR = 10;
export const FAILURES_PER_CLIENT = 50;
export const FREE_FAILURES_PER_EMAIL = 5;
export const MAX_DELAY_SECONDS = 60;
export const WINDOW_SECONDS = 15 * 60;
const PAIR_PREFIX = "console-sign-in-pair";

let limiters: { pair: RateLimiterPrisma; client: RateLimiterPrisma } | null = null;

function limitersFor() {
  // Created on first use: the constructor starts a cleanup timer that needs the database.
  limiters ??= {
    pair: new RateLimiterPrisma({
      storeClient: db,
      tableName: "rateLimit",
      keyPrefix: PAIR_PREFIX,
      points: FAILURES_PER_PAIR,
      duration: WINDOW_SECONDS,
    }),
    client: new RateLimiterPrisma({
      storeClient: db,
      tableName: "rateLimit",
      keyPrefix: "console-sign-in-client",
      points: FAILURES_PER_CLIENT,
      duration: WINDOW_SECONDS,
    }),
  };
  return limiters;
}

const pairKey = (email: string, client: string) => `${email}|${client}`;

/** The delay an unknown client waits after the last failure, once the free failures are used. */
export function delaySecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES_PER_EMAIL) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES_PER_EMAIL + 1));
}

/** Seconds until this client may try this address again, or 0 when it may try now. */
export async function signInBlockedFor(
  email: string,
  client: string,
  knownDevice: boolean,
  now = new Date(),
): Promise<number> {
  const { pair, client: byClient } = limitersFor();
  const [pairCount, clientCount, throttle] = await Promise.all([
    pair.get(pairKey(email, client)),
    byClient.get(client),
    knownDevice ? null : db.consoleSignInThrottle.findUnique({ where: { email } }),
  ]);
  const waits = [
    pairCount && pairCount.consumedPoints >= FAILURES_PER_PAIR ? pairCount.msBeforeNext : 0,
    clientCount && clientCount.consumedPoints >= FAILURES_PER_CLIENT ? clientCount.msBeforeNext : 0,
    throttle && throttle.expiresAt > now
      ? throttle.lastFailureAt.getTime() + delaySecondsAfter(throttle.failures) * 1000 - now.getTime()
      : 0,
  ];
  return Math.max(0, Math.ceil(Math.max(...waits) / 1000));
}

export async function recordFailedSignIn(
  email: string,
  client: string,
  knownDevice: boolean,
  now = new Date(),
): Promise<void> {
  const { pair, client: byClient } = limitersFor();
  // consume() rejects once the points are used up; the count is what matters here.
  await Promise.all([
    pair.consume(pairKey(email, client)).catch(() => undefined),
    byClient.consume(client).catch(() => undefined),
  ]);
  if (knownDevice || !email) return;
  const expiresAt = new Date(now.getTime() + WINDOW_SECONDS * 1000);
  // One statement: concurrent failures all count, and a finished window starts again at 1.
  await db.$executeRaw`
    INSERT INTO "ConsoleSignInThrottle" ("email", "failures", "lastFailureAt", "expiresAt") VALUES (${email}, 1, ${now}, ${expiresAt})
    ON CONFLICT ("email") DO UPDATE SET
      "failures" = CASE WHEN "ConsoleSignInThrottle"."expiresAt" <= ${now} THEN 1 ELSE "ConsoleSignInThrottle"."failures" + 1 END,
      "lastFailureAt" = ${now},
      "expiresAt" = ${expiresAt}`;
}

/** A member signed in from this client: its failures for the address no longer count. */
export async function clearSignInFailures(email: string, client: string): Promise<void> {
  await limitersFor().pair.delete(pairKey(email, client));
}

export interface SignInThrottleState {
  failures: number;
  /** While an unknown client must wait before trying again; null once it may. */
  slowedUntil: string | null;
}

/** The throttles in force for these addresses (the Team page shows them). */
export async function signInThrottles(emails: string[], now = new Date()): Promise<Map<string, SignInThrottleState>> {
  const rows = await db.consoleSignInThrottle.findMany({
    where: { email: { in: emails }, expiresAt: { gt: now }, failures: { gte: FREE_FAILURES_PER_EMAIL } },
  });
  return new Map(
    rows.map((row) => {
      const until = row.lastFailureAt.getTime() + delaySecondsAfter(row.failures) * 1000;
      return [
        row.email,
        { failures: row.failures, slowedUntil: until > now.getTime() ? new Date(until).toISOString() : null },
      ];
    }),
  );
}

/** An admin lifts the throttle of an address: its failures are forgotten, from every client. */
export async function liftSignInThrottle(email: string): Promise<void> {
  await db.$transaction([
    db.consoleSignInThrottle.deleteMany({ where: { email } }),
    db.rateLimit.deleteMany({ where: { key: { startsWith: `${PAIR_PREFIX}:${email}|` } } }),
  ]);
}
