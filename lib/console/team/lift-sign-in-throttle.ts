// An admin lifts the sign-in throttle on a member's login (failed sign-ins from elsewhere that
// slow unknown browsers down, lib/console/auth/sign-in-limits.ts): e.g. after a flood of guesses,
// so that the member can sign in from a new laptop at once. Only this tenant's login: the same
// address may be another tenant's member, whose limits stay as they are.
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { liftMemberThrottle } from "../auth/sign-in-limits.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";

export async function liftMemberSignInThrottle(context: StaffContext, staffId: string) {
  assertAdmin(context);
  const member = await db.staffUser.findFirst({
    where: { id: staffId, tenantId: context.tenant.id },
    select: { id: true },
  });
  if (!member) throw AppError.notFound(`Staff member ${JSON.stringify(staffId)}`);
  await liftMemberThrottle(context.tenant.id, member.id);
  return { staffId, signInThrottleLifted: true };
}
