// An admin adds a member to the team by invitation (lib/tenants/invite-staff.ts): the answer
// carries the link's path once; only its hash is kept. Renewing gives a pending member a new link.
import type { z } from "zod";
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { inviteStaff, renewInvitation, StaffEmailTaken } from "../../tenants/invite-staff.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import { InviteBody } from "./team-bodies.ts";

// Declared with the other bodies the pages import too; still found here by its older importers.
export { InviteBody };

const invitePath = (token: string) => `/console/invite/${token}`;

export async function inviteMember(context: StaffContext, body: z.output<typeof InviteBody>) {
  assertAdmin(context);
  try {
    const invited = await inviteStaff(db, { tenantId: context.tenant.id, ...body });
    return {
      staffId: invited.staffId,
      email: invited.email,
      role: invited.role,
      invitePath: invitePath(invited.token),
      expiresAt: invited.expiresAt.toISOString(),
    };
  } catch (error) {
    if (error instanceof StaffEmailTaken) throw AppError.field("email", "This email is already a member of your team.");
    throw error;
  }
}

export async function renewMemberInvitation(context: StaffContext, staffId: string) {
  assertAdmin(context);
  const renewed = await renewInvitation(db, context.tenant.id, staffId);
  if (renewed) return { staffId, invitePath: invitePath(renewed.token), expiresAt: renewed.expiresAt.toISOString() };
  const member = await db.staffUser.findFirst({
    where: { id: staffId, tenantId: context.tenant.id },
    select: { id: true },
  });
  if (!member) throw AppError.notFound(`Staff member ${JSON.stringify(staffId)}`);
  throw new AppError("conflict", "This member has already accepted their invitation.");
}
