// Staff invitations: an admin adds a member by email and hands them a link; the invitee chooses
// their own password on /console/invite/{token}. The link's token is 256-bit random, stored only
// as its SHA-256 (like API tokens), single use, and expires after INVITE_TTL_S. Until accepted,
// the member's password hash is of a random password nobody knows, so they cannot sign in.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/client.ts";
import { generatePassword, hashPassword } from "../auth/passwords.ts";
import { checkStaffInput, type StaffInput } from "./add-staff.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-lengths.ts";

// Declared on their own for the invitation form and bodies; still found here by older importers.
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const INVITE_TTL_S = 7 * 24 * 60 * 60;

export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");

function newInvitation(now: Date) {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    data: { inviteTokenHash: hashInviteToken(token), inviteExpiresAt: new Date(now.getTime() + INVITE_TTL_S * 1000) },
  };
}

export class StaffEmailTaken extends Error {
  constructor(email: string) {
    super(`${email} is already a member of this team.`);
    this.name = "StaffEmailTaken";
  }
}

/** A new member of the tenant with a pending invitation; the token is returned once, here. */
export async function inviteStaff(db: Db, input: StaffInput, now = new Date()) {
  const { email, name, role } = checkStaffInput(input);
  // Only this tenant's members count: an address with a login elsewhere is invited like any other,
  // and the answer says nothing about other tenants.
  if (
    await db.staffUser.findUnique({
      where: { tenantId_email: { tenantId: input.tenantId, email } },
      select: { id: true },
    })
  )
    throw new StaffEmailTaken(email);
  const { token, data } = newInvitation(now);
  try {
    const staff = await db.staffUser.create({
      data: {
        tenantId: input.tenantId,
        email,
        name,
        role,
        passwordHash: await hashPassword(generatePassword()),
        ...data,
      },
    });
    return { staffId: staff.id, email, name, role, token, expiresAt: data.inviteExpiresAt };
  } catch (error) {
    // Two admins inviting the same address at once: the unique (tenant, email) decides.
    if (isUniqueViolation(error)) throw new StaffEmailTaken(email);
    throw error;
  }
}

/** A fresh link for a member who has not accepted yet; the old link stops working. Null if there is none to renew. */
export async function renewInvitation(db: Db, tenantId: string, staffId: string, now = new Date()) {
  const { token, data } = newInvitation(now);
  const { count } = await db.staffUser.updateMany({
    where: { id: staffId, tenantId, inviteTokenHash: { not: null } },
    data,
  });
  return count === 1 ? { token, expiresAt: data.inviteExpiresAt } : null;
}

/** Who a link invites, while it is still good (not used, not expired, the member not disabled). */
export async function findInvitation(db: Db, token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const staff = await db.staffUser.findUnique({
    where: { inviteTokenHash: hashInviteToken(token) },
    include: { tenant: { select: { name: true, brandName: true } } },
  });
  if (!staff || staff.disabledAt || !staff.inviteExpiresAt || staff.inviteExpiresAt <= now) return null;
  return {
    staffId: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    tenantName: staff.tenant.brandName ?? staff.tenant.name,
    expiresAt: staff.inviteExpiresAt,
  };
}

export type AcceptResult = { ok: true; email: string } | { ok: false; reason: "invalid-link" | "weak-password" };

/**
 * Sets the invitee's password and uses up the link, in one conditional update: of two uses of the
 * same link only one succeeds.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  now = new Date(),
): Promise<AcceptResult> {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    return { ok: false, reason: "weak-password" };
  const invitation = await findInvitation(db, token, now);
  if (!invitation) return { ok: false, reason: "invalid-link" };
  const passwordHash = await hashPassword(password);
  const { count } = await db.staffUser.updateMany({
    where: {
      id: invitation.staffId,
      inviteTokenHash: hashInviteToken(token),
      inviteExpiresAt: { gt: now },
      disabledAt: null,
    },
    data: { passwordHash, inviteTokenHash: null, inviteExpiresAt: null },
  });
  return count === 1 ? { ok: true, email: invitation.email } : { ok: false, reason: "invalid-link" };
}
