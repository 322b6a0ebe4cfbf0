// Adds a console user to a tenant with a generated password (shown once): the operator's way in
// (the CLI). Admins invite staff from the console instead (invite-staff.ts); both check the
// input the same way.
import type { Db } from "../db/client.ts";
import type { StaffRole } from "../db/generated/enums.ts";
import { generatePassword, hashPassword } from "../auth/passwords.ts";

export interface StaffInput {
  tenantId: string;
  email: string;
  name?: string;
  role: StaffRole;
}

/** The email normalised (trimmed, lower case) and the role checked; throws an Error naming the problem. */
export function checkStaffInput(input: StaffInput): { email: string; name: string; role: StaffRole } {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320)
    throw new Error(`${JSON.stringify(input.email)} is not an email address.`);
  if (input.role !== "admin" && input.role !== "viewer") throw new Error("The role must be admin or viewer.");
  const name = input.name?.trim() ?? "";
  if (name.length > 120) throw new Error("The name must be at most 120 characters.");
  return { email, name: name || email, role: input.role };
}

export async function addStaff(db: Db, input: StaffInput) {
  const { email, name, role } = checkStaffInput(input);
  const tenant = await db.tenant.findUnique({ where: { id: input.tenantId }, select: { id: true } });
  if (!tenant) throw new Error(`No tenant ${input.tenantId}.`);
  if (
    await db.staffUser.findUnique({ where: { tenantId_email: { tenantId: tenant.id, email } }, select: { id: true } })
  ) {
    throw new Error(`${email} is already a member of this tenant's team.`);
  }
  const password = generatePassword();
  const staff = await db.staffUser.create({
    data: { tenantId: tenant.id, email, name, role, passwordHash: await hashPassword(password) },
  });
  return { staffId: staff.id, tenantId: tenant.id, email, role: staff.role, password };
}
