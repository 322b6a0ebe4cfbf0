// Who is using the console: the signed-in staff user, loaded fresh on every request with their
// tenant. Viewers may look; only admins may change anything, and that is checked on the server
// for every change (never only by hiding a button).
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { db } from "../../db/client.ts";
import type { StaffUser, Tenant } from "../../db/generated/client.ts";
import { authOptions } from "./auth-options.ts";

export interface StaffContext {
  staff: StaffUser;
  tenant: Tenant;
  isAdmin: boolean;
}

export class ConsoleForbidden extends Error {
  constructor(message = "Your role lets you look, not change.") {
    super(message);
    this.name = "ConsoleForbidden";
  }
}

export async function currentStaff(): Promise<StaffContext | null> {
  const session = (await getServerSession(authOptions)) as { staffId?: string; sessionVersion?: number } | null;
  if (!session?.staffId) return null;
  const staff = await db.staffUser.findUnique({ where: { id: session.staffId }, include: { tenant: true } });
  // A session from before the member's sessions were ended is over, like a disabled member's.
  if (!staff || staff.disabledAt || staff.sessionVersion !== (session.sessionVersion ?? 0)) return null;
  const { tenant, ...rest } = staff;
  return { staff: rest, tenant, isAdmin: staff.role === "admin" };
}

/** For pages: the staff user, or off to the sign-in page. */
export async function requireStaff(): Promise<StaffContext> {
  const context = await currentStaff();
  if (!context) redirect("/console/sign-in");
  return context;
}

/** For every change: admins only. */
export function assertAdmin(context: StaffContext): void {
  if (!context.isAdmin) throw new ConsoleForbidden();
}
