// The tenant's staff as the team page shows them: who, which role, when they last signed in, and
// whether they are active, invited (link pending or expired) or disabled. Never the hashes.
import { db } from "../../db/client.ts";
import { memberSignInThrottles, type SignInThrottleState } from "../auth/sign-in-limits.ts";
import type { StaffContext } from "../auth/staff-session.ts";

export type MemberStatus = "active" | "invited" | "invite-expired" | "disabled";

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: "admin" | "viewer";
  status: MemberStatus;
  createdAt: string;
  lastSignInAt: string | null;
  inviteExpiresAt: string | null;
  isYou: boolean;
  /** Failed sign-ins on the member's login slowing unknown browsers down (an admin may lift it). */
  signInThrottle: SignInThrottleState | null;
}

export async function listTeam(context: StaffContext, now = new Date()): Promise<TeamMember[]> {
  const staff = await db.staffUser.findMany({
    where: { tenantId: context.tenant.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // The throttles of these members' own logins: an address's logins in other tenants are theirs.
  const throttles = await memberSignInThrottles(
    context.tenant.id,
    staff.map((s) => s.id),
    now,
  );
  return staff.map((s) => ({
    id: s.id,
    email: s.email,
    name: s.name,
    role: s.role,
    status: s.disabledAt
      ? "disabled"
      : !s.inviteTokenHash
        ? "active"
        : s.inviteExpiresAt && s.inviteExpiresAt > now
          ? "invited"
          : "invite-expired",
    createdAt: s.createdAt.toISOString(),
    lastSignInAt: s.lastSignInAt?.toISOString() ?? null,
    inviteExpiresAt: s.inviteTokenHash ? (s.inviteExpiresAt?.toISOString() ?? null) : null,
    isYou: s.id === context.staff.id,
    signInThrottle: throttles.get(s.id) ?? null,
  }));
}
