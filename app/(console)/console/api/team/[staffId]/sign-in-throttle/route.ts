// POST /console/api/team/{staffId}/sign-in-throttle – lift the throttle on a member's sign-in (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { memberSignInThrottleLift } from "@/lib/console/operations/team.ts";
import { liftMemberSignInThrottle } from "@/lib/console/team/lift-sign-in-throttle.ts";

export const POST = consoleRoute(memberSignInThrottleLift, (context, { params }) =>
  liftMemberSignInThrottle(context, params.staffId),
);
