// Checking a console sign-in: the logins with this email (one per tenant at most), the password
// against the scrypt hash of each one that can sign in and that this client may try now (the
// sign-in limits are per login: sign-in-limits.ts). Wrong email and wrong password answer the
// same (a dummy hash is checked in place of a login not tried, and when the email is unknown).
// When the password opens logins in several tenants, the member chooses which: only someone with
// the password learns which marketplaces those are.
import { db } from "../../db/client.ts";
import type { StaffRole } from "../../db/generated/enums.ts";
import { verifyPassword } from "../../auth/passwords.ts";
import {
  addressTarget,
  clearSignInFailures,
  loginTarget,
  recordFailedSignIn,
  signInWaits,
  type SignInTarget,
} from "./sign-in-limits.ts";

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  tenantId: string;
  role: StaffRole;
  sessionVersion: number;
}

export interface MarketplaceChoice {
  tenantId: string;
  name: string;
}

export type SignInResult =
  | { ok: true; staff: StaffIdentity }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "choose-marketplace"; choices: MarketplaceChoice[] };

export interface SignInContext {
  /** The client's address (lib/http/client-address.ts). */
  client: string;
  /** Staff ids this browser signed in as before (known-devices.ts): each exempts only its own login. */
  knownStaffIds?: string[];
  /** The marketplace chosen when the password opens several. */
  tenantId?: string;
}

// scrypt of a random password: verifying against it costs what a real check costs.
const DUMMY_HASH = "scrypt$32768$8$1$8S2ZDTTu21FSPMlpyGOK8g==$9u9+c/MPac31HLWoVr7DGOsoTrRxbSjUD2EWJ5v7yoA=";

const rateLimited = (retryAfterSeconds: number): SignInResult => ({
  ok: false,
  reason: "rate-limited",
  retryAfterSeconds,
});

export async function authorizeStaff(
  emailInput: string,
  password: string,
  context: SignInContext,
): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase().slice(0, 320);
  const knownStaffIds = context.knownStaffIds ?? [];
  const logins = email
    ? await db.staffUser.findMany({
        where: { email },
        include: { tenant: { select: { name: true, brandName: true } } },
        orderBy: { id: "asc" },
        take: 20,
      })
    : [];
  // Only a login that can sign in is guessed at (not disabled, invitation accepted); an address
  // without one is counted as an address, and answers like an address with one login.
  const usable = logins.filter((login) => !login.disabledAt && !login.inviteTokenHash);
  const targets = usable.length ? usable.map(loginTarget) : [addressTarget(email)];
  const waits = await signInWaits(targets, context.client, knownStaffIds);
  if (waits.client > 0) return rateLimited(waits.client);
  const waitOf = (target: SignInTarget) => waits.targets.get(target.key) ?? 0;
  const tried = targets.filter((target) => waitOf(target) === 0);
  const skipped = targets.filter((target) => waitOf(target) > 0);
  const longestSkipped = Math.max(0, ...skipped.map(waitOf));
  if (tried.length === 0) return rateLimited(longestSkipped);

  // One scrypt check per login whatever is skipped, so the time says nothing about the limits.
  const candidate = password.slice(0, 1024);
  const opened = [];
  for (const login of logins) {
    const isTried = tried.some((target) => target.staffId === login.id);
    const matches = await verifyPassword(candidate, isTried ? login.passwordHash : DUMMY_HASH);
    if (isTried && matches) opened.push(login);
  }
  if (logins.length === 0) await verifyPassword(candidate, DUMMY_HASH);
  if (opened.length === 0) {
    await recordFailedSignIn(tried, context.client, knownStaffIds);
    // A login this client may not try yet could be the one meant: say when to try again.
    return skipped.length ? rateLimited(longestSkipped) : { ok: false, reason: "invalid" };
  }
  // The marketplace chosen is one this client may not try yet: not another one instead.
  const chosen = context.tenantId ? skipped.find((target) => target.tenantId === context.tenantId) : undefined;
  if (chosen) return rateLimited(waitOf(chosen));
  const staff = context.tenantId
    ? opened.find((login) => login.tenantId === context.tenantId)
    : opened.length === 1
      ? opened[0]
      : undefined;
  if (!staff) {
    const choices = opened
      .map((login) => ({ tenantId: login.tenantId, name: login.tenant.brandName ?? login.tenant.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { ok: false, reason: "choose-marketplace", choices };
  }
  await clearSignInFailures(loginTarget(staff), context.client);
  await db.staffUser.update({ where: { id: staff.id }, data: { lastSignInAt: new Date() } });
  return {
    ok: true,
    staff: {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      tenantId: staff.tenantId,
      role: staff.role,
      sessionVersion: staff.sessionVersion,
    },
  };
}
