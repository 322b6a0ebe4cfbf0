// An admin changes a member's role or disables / enables them. Never themselves (another admin
// must), and never so that the tenant is left without an active admin. The tenant row is locked
// first, so two admins demoting each other at once cannot both win: the second finds itself no
// longer an admin. A disabled member's next request finds no session (staff-session.ts reloads
// the member on every request).
import { AppError } from "../../errors.ts";
import { lockTenant } from "../../tenants/lock-tenant.ts";
import { db } from "../../db/client.ts";
import type { StaffRole } from "../../db/generated/enums.ts";
import { assertAdmin, ConsoleForbidden, type StaffContext } from "../auth/staff-session.ts";

export type MemberChange = { role: StaffRole } | { disabled: boolean };

export async function changeMember(context: StaffContext, staffId: string, change: MemberChange) {
  assertAdmin(context);
  const tenantId = context.tenant.id;
  if (staffId === context.staff.id)
    throw new AppError("conflict", "You cannot change your own role or access. Ask another admin.");
  return db.$transaction(async (tx) => {
    await lockTenant(tx, tenantId);
    const actor = await tx.staffUser.findFirst({
      where: { id: context.staff.id, tenantId },
      select: { role: true, disabledAt: true },
    });
    if (!actor || actor.disabledAt || actor.role !== "admin") throw new ConsoleForbidden();
    const member = await tx.staffUser.findFirst({ where: { id: staffId, tenantId }, select: { id: true } });
    if (!member) throw AppError.notFound(`Staff member ${JSON.stringify(staffId)}`);
    // Disabling also ends the member's sessions (session version), so that enabling them again
    // does not bring back a cookie copied before: they sign in anew.
    const data =
      "role" in change
        ? { role: change.role }
        : change.disabled
          ? { disabledAt: new Date(), sessionVersion: { increment: 1 } }
          : { disabledAt: null };
    const updated = await tx.staffUser.update({
      where: { id: staffId },
      data,
      select: { id: true, role: true, disabledAt: true },
    });
    const activeAdmins = await tx.staffUser.count({
      where: { tenantId, role: "admin", disabledAt: null, inviteTokenHash: null },
    });
    // Thrown inside the transaction: the change is rolled back.
    if (activeAdmins === 0) throw new AppError("conflict", "The team needs at least one active admin.");
    return { staffId: updated.id, role: updated.role, disabled: updated.disabledAt !== null };
  });
}
