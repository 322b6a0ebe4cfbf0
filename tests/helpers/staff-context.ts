// A console staff context (what currentStaff() gives a route) for calling console use cases
// directly in integration tests: the member as loaded from the database, with their tenant.
import { randomUUID } from "node:crypto";
import type { StaffContext } from "../../lib/console/auth/staff-session.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { db } from "./tenants.ts";

export async function contextOf(staffId: string): Promise<StaffContext> {
  const { tenant, ...staff } = await db.staffUser.findUniqueOrThrow({
    where: { id: staffId },
    include: { tenant: true },
  });
  return { staff, tenant, isAdmin: staff.role === "admin" };
}

export async function staffOf(tenantId: string, role: "admin" | "viewer"): Promise<StaffContext> {
  const added = await addStaff(db, { tenantId, email: `${role}-${randomUUID()}@example.com`, role });
  return contextOf(added.staffId);
}
