// Brute-force protection of the console sign-in (rate-limiter-flexible, counted in the database so
// that every instance sees the same attempts): failed attempts are counted per email address and
// per client address; past the limit, sign-in is refused until the window passes, even with the
// right password. A successful sign-in clears the address's count.
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { db } from "../../db/client.ts";

export const FAILURES_PER_EMAIL = 10;
export const FAILURES_PER_CLIENT = 50;
export const WINDOW_SECONDS = 15 * 60;

let limiters: { email: RateLimiterPrisma; client: RateLimiterPrisma } | null = null;

function limitersFor() {
  // Created on first use: the constructor starts a cleanup timer that needs the database.
  limiters ??= {
    email: new RateLimiterPrisma({ storeClient: db, tableName: "rateLimit", keyPrefix: "console-sign-in-email", points: FAILURES_PER_EMAIL, duration: WINDOW_SECONDS }),
    client: new RateLimiterPrisma({ storeClient: db, tableName: "rateLimit", keyPrefix: "console-sign-in-client", points: FAILURES_PER_CLIENT, duration: WINDOW_SECONDS }),
  };
  return limiters;
}

/** Seconds until sign-in may be tried again, or 0 when it may be tried now. */
export async function signInBlockedFor(email: string, client: string): Promise<number> {
  const { email: byEmail, client: byClient } = limitersFor();
  const [emailCount, clientCount] = await Promise.all([byEmail.get(email), byClient.get(client)]);
  const waits = [
    emailCount && emailCount.consumedPoints >= FAILURES_PER_EMAIL ? emailCount.msBeforeNext : 0,
    clientCount && clientCount.consumedPoints >= FAILURES_PER_CLIENT ? clientCount.msBeforeNext : 0,
  ];
  return Math.ceil(Math.max(...waits) / 1000);
}

export async function recordFailedSignIn(email: string, client: string): Promise<void> {
  const { email: byEmail, client: byClient } = limitersFor();
  // consume() rejects once the points are used up; the count is what matters here.
  await Promise.all([byEmail.consume(email).catch(() => undefined), byClient.consume(client).catch(() => undefined)]);
}

export async function clearSignInFailures(email: string): Promise<void> {
  await limitersFor().email.delete(email);
}
