// Checking a console sign-in: the logins with this email (one per tenant at most), the password
// against each one's scrypt hash, not disabled, within the sign-in limits. Wrong email and wrong
// password answer the same (a dummy hash is checked when the email is unknown). When the password
// opens logins in several tenants, the member chooses which: only someone with the password
// learns which marketplaces those are.
import { db } from "../../db/client.ts";
import type { StaffRole } from "../../db/generated/enums.ts";
import { verifyPassword } from "../../auth/passwords.ts";
import { clearSignInFailures, recordFailedSignIn, signInBlockedFor } from "./sign-in-limits.ts";

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
  /** Staff ids this browser signed in as before (known-devices.ts). */
  knownStaffIds?: string[];
  /** The marketplace chosen when the password opens several. */
  tenantId?: string;
}

// scrypt of a random password: verifying against it costs what a real check costs.
const DUMMY_HASH = "scrypt$32768$8$1$8S2ZDTTu21FSPMlpyGOK8g==$9u9+c/MPac31HLWoVr7DGOsoTrRxbSjUD2EWJ5v7yoA=";

export async function authorizeStaff(
  emailInput: string,
  password: string,
  context: SignInContext,
): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase().slice(0, 320);
  const logins = email
    ? await db.staffUser.findMany({
        where: { email },
        include: { tenant: { select: { name: true, brandName: true } } },
        take: 20,
      })
    : [];
  const knownDevice = logins.some((login) => context.knownStaffIds?.includes(login.id));
  const blockedFor = await signInBlockedFor(email, context.client, knownDevice);
  if (blockedFor > 0) return { ok: false, reason: "rate-limited", retryAfterSeconds: blockedFor };

  const candidate = password.slice(0, 1024);
  const opened = [];
  if (logins.length === 0) await verifyPassword(candidate, DUMMY_HASH);
  for (const login of logins)
    if ((await verifyPassword(candidate, login.passwordHash)) && !login.disabledAt) opened.push(login);
  if (opened.length === 0) {
    await recordFailedSignIn(email, context.client, knownDevice);
    return { ok: false, reason: "invalid" };
  }
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
  await clearSignInFailures(email, context.client);
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
