// Brute-force protection of the console sign-in that cannot be turned against the owner, nor by
// one tenant against another's members.
//
// An address may have a login in several tenants (one staff member each), and the sign-in form
// learns which only from the password. So a guess is counted against every login whose password
// it was checked against — each login its own counters — or, for an address with no login that
// can sign in, against the address (which answers exactly like an address with one login):
//   - One client guessing one login: 10 failures per 15 minutes, then that client waits.
//   - One client guessing anything: 50 failures per 15 minutes, then that client waits.
//   - Many clients guessing one login (rotating addresses): after 5 failures from browsers the
//     member never signed in from, each further attempt from such a browser waits a growing delay
//     (2, 4, 8 … at most 60 seconds after the last failure). Never a hard lock, and a browser
//     where the member signed in before (a known device of that member, known-devices.ts) is not
//     slowed by it: knowing someone's address does not lock them out.
// A login that is slowed or stopped for this client is not tried at all (authorize-staff.ts). Only
// the member's own tenant sees and lifts a login's counters, on its Team page: another tenant
// holding a login for the same address lifts its own and nothing else.
// The first two are counted with rate-limiter-flexible in the database (every instance sees the
// same attempts); the third in ConsoleSignInThrottle.
import { RateLimiterPrisma } from "rate-limiter-flexible";
import { db } from "../../db/client.ts";
import { Prisma } from "../../db/generated/client.ts";

export const FAILURES_PER_PAIR = 10;
export const FAILURES_PER_CLIENT = 50;
export const FREE_FAILURES_PER_EMAIL = 5;
export const MAX_DELAY_SECONDS = 60;
export const WINDOW_SECONDS = 15 * 60;
// Not the prefix the per-address counters had: those expire on their own.
const PAIR_PREFIX = "console-sign-in-login";

/** What a failed guess counts against: one login (a tenant's staff member), or an address without one. */
export interface SignInTarget {
  key: string;
  tenantId: string | null;
  staffId: string | null;
}

export const loginTarget = (login: { id: string; tenantId: string }): SignInTarget => ({
  key: `tenant:${login.tenantId}:staff:${login.id}`,
  tenantId: login.tenantId,
  staffId: login.id,
});

export const addressTarget = (email: string): SignInTarget => ({
  key: `address:${email}`,
  tenantId: null,
  staffId: null,
});

const isKnownDevice = (target: SignInTarget, knownStaffIds: string[]) =>
  target.staffId !== null && knownStaffIds.includes(target.staffId);

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

const pairKey = (target: SignInTarget, client: string) => `${target.key}|${client}`;

/** The delay an unknown client waits after the last failure, once the free failures are used. */
export function delaySecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES_PER_EMAIL) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES_PER_EMAIL + 1));
}

export interface SignInWaits {
  /** Seconds until this client may try any sign-in again (its failures on every address); 0: now. */
  client: number;
  /** Per target key: seconds until this client may try that login again; 0: now. */
  targets: Map<string, number>;
}

/** How long this client must wait, in all and for each target, before a guess is checked. */
export async function signInWaits(
  targets: SignInTarget[],
  client: string,
  knownStaffIds: string[],
  now = new Date(),
): Promise<SignInWaits> {
  const { pair, client: byClient } = limitersFor();
  const slowable = targets.filter((target) => !isKnownDevice(target, knownStaffIds));
  const [clientCount, pairCounts, throttles] = await Promise.all([
    byClient.get(client),
    Promise.all(targets.map((target) => pair.get(pairKey(target, client)))),
    slowable.length
      ? db.consoleSignInThrottle.findMany({ where: { key: { in: slowable.map((target) => target.key) } } })
      : [],
  ]);
  const seconds = (ms: number) => Math.max(0, Math.ceil(ms / 1000));
  const throttleWait = new Map(
    throttles.map((row) => [
      row.key,
      row.expiresAt > now ? row.lastFailureAt.getTime() + delaySecondsAfter(row.failures) * 1000 - now.getTime() : 0,
    ]),
  );
  return {
    client: seconds(clientCount && clientCount.consumedPoints >= FAILURES_PER_CLIENT ? clientCount.msBeforeNext : 0),
    targets: new Map(
      targets.map((target, index) => {
        const count = pairCounts[index];
        const stopped = count && count.consumedPoints >= FAILURES_PER_PAIR ? count.msBeforeNext : 0;
        return [target.key, seconds(Math.max(stopped, throttleWait.get(target.key) ?? 0))];
      }),
    ),
  };
}

/** A guess checked against these targets opened none of them. */
export async function recordFailedSignIn(
  targets: SignInTarget[],
  client: string,
  knownStaffIds: string[],
  now = new Date(),
): Promise<void> {
  const { pair, client: byClient } = limitersFor();
  // consume() rejects once the points are used up; the count is what matters here.
  await Promise.all([
    ...targets.map((target) => pair.consume(pairKey(target, client)).catch(() => undefined)),
    byClient.consume(client).catch(() => undefined),
  ]);
  const counted = targets.filter((target) => !isKnownDevice(target, knownStaffIds));
  if (counted.length === 0) return;
  const expiresAt = new Date(now.getTime() + WINDOW_SECONDS * 1000);
  const rows = counted.map(
    (target) => Prisma.sql`(${target.key}, ${target.tenantId}, ${target.staffId}, 1, ${now}, ${expiresAt})`,
  );
  // One statement: concurrent failures all count, and a finished window starts again at 1.
  await db.$executeRaw`
    INSERT INTO "ConsoleSignInThrottle" ("key", "tenantId", "staffId", "failures", "lastFailureAt", "expiresAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "ConsoleSignInThrottle"."expiresAt" <= ${now} THEN 1 ELSE "ConsoleSignInThrottle"."failures" + 1 END,
      "lastFailureAt" = ${now},
      "expiresAt" = ${expiresAt}`;
}

/** A member signed in from this client: its failures on that member's login no longer count. */
export async function clearSignInFailures(target: SignInTarget, client: string): Promise<void> {
  await limitersFor().pair.delete(pairKey(target, client));
}

export interface SignInThrottleState {
  failures: number;
  /** While an unknown client must wait before trying again; null once it may. */
  slowedUntil: string | null;
}

/** The throttles in force on these members of the tenant, by staff id (the Team page shows them). */
export async function memberSignInThrottles(
  tenantId: string,
  staffIds: string[],
  now = new Date(),
): Promise<Map<string, SignInThrottleState>> {
  const rows = await db.consoleSignInThrottle.findMany({
    where: { tenantId, staffId: { in: staffIds }, expiresAt: { gt: now }, failures: { gte: FREE_FAILURES_PER_EMAIL } },
  });
  return new Map(
    rows.map((row) => {
      const until = row.lastFailureAt.getTime() + delaySecondsAfter(row.failures) * 1000;
      return [
        row.staffId!,
        { failures: row.failures, slowedUntil: until > now.getTime() ? new Date(until).toISOString() : null },
      ];
    }),
  );
}

/**
 * The tenant lifts its member's throttle: the failures on that login are forgotten, from every
 * client. Both deletes name the tenant, so a lift never reaches another tenant's login.
 */
export async function liftMemberThrottle(tenantId: string, staffId: string): Promise<void> {
  const target = loginTarget({ id: staffId, tenantId });
  await db.$transaction([
    db.consoleSignInThrottle.deleteMany({ where: { key: target.key, tenantId, staffId } }),
    db.rateLimit.deleteMany({ where: { key: { startsWith: `${PAIR_PREFIX}:${target.key}|` } } }),
  ]);
}
