// An admin lifts the sign-in throttle on a member's address (failed sign-ins from elsewhere that
// slow unknown browsers down, lib/console/auth/sign-in-limits.ts): e.g. after a flood of guesses,
// so that the member can sign in from a new laptop at once.
import { ApiError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { liftSignInThrottle } from "../auth/sign-in-limits.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";

export async function liftMemberSignInThrottle(context: StaffContext, staffId: string) {
  assertAdmin(context);
  const member = await db.staffUser.findFirst({
    where: { id: staffId, tenantId: context.tenant.id },
    select: { email: true },
  });
  if (!member) throw ApiError.notFound(`Staff member ${JSON.stringify(staffId)}`);
  await liftSignInThrottle(member.email);
  return { staffId, signInThrottleLifted: true };
}
