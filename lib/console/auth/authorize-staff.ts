// Checking a console sign-in: the staff user by email, not disabled, the password against its
// scrypt hash, within the sign-in limits. Wrong email and wrong password answer the same, in the
// same time (a dummy hash is checked when the email is unknown).
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

export type SignInResult = { ok: true; staff: StaffIdentity } | { ok: false; reason: "invalid" } | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

// scrypt of a random password: verifying against it costs what a real check costs.
const DUMMY_HASH = "scrypt$32768$8$1$8S2ZDTTu21FSPMlpyGOK8g==$9u9+c/MPac31HLWoVr7DGOsoTrRxbSjUD2EWJ5v7yoA=";

export async function authorizeStaff(emailInput: string, password: string, client: string): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase().slice(0, 320);
  const blockedFor = await signInBlockedFor(email, client);
  if (blockedFor > 0) return { ok: false, reason: "rate-limited", retryAfterSeconds: blockedFor };

  const staff = email ? await db.staffUser.findUnique({ where: { email } }) : null;
  const valid = await verifyPassword(password.slice(0, 1024), staff?.passwordHash ?? DUMMY_HASH);
  if (!staff || !valid || staff.disabledAt) {
    await recordFailedSignIn(email, client);
    return { ok: false, reason: "invalid" };
  }
  await clearSignInFailures(email);
  await db.staffUser.update({ where: { id: staff.id }, data: { lastSignInAt: new Date() } });
  return { ok: true, staff: { id: staff.id, email: staff.email, name: staff.name, tenantId: staff.tenantId, role: staff.role, sessionVersion: staff.sessionVersion } };
}
