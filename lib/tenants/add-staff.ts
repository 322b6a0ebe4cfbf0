// Adds a console user to a tenant with a generated password (shown once). The operator's way in
// until admins invite staff from the console.
import type { Db } from "../db/client.ts";
import type { StaffRole } from "../db/generated/enums.ts";
import { generatePassword, hashPassword } from "../auth/passwords.ts";

export async function addStaff(db: Db, input: { tenantId: string; email: string; name?: string; role: StaffRole }) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320) throw new Error(`${JSON.stringify(input.email)} is not an email address.`);
  if (input.role !== "admin" && input.role !== "viewer") throw new Error("The role must be admin or viewer.");
  const tenant = await db.tenant.findUnique({ where: { id: input.tenantId }, select: { id: true } });
  if (!tenant) throw new Error(`No tenant ${input.tenantId}.`);
  if (await db.staffUser.findUnique({ where: { email }, select: { id: true } })) throw new Error(`${email} already has a console login.`);
  const password = generatePassword();
  const staff = await db.staffUser.create({ data: { tenantId: tenant.id, email, name: input.name?.trim() || email, role: input.role, passwordHash: await hashPassword(password) } });
  return { staffId: staff.id, tenantId: tenant.id, email, role: staff.role, password };
}
