// POST /console/api/team/{staffId}/sign-in-throttle – lift the throttle on a member's sign-in (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { liftMemberSignInThrottle } from "@/lib/console/team/lift-sign-in-throttle.ts";

export const POST = consoleJson(async (context, _request, { staffId }) => liftMemberSignInThrottle(context, staffId!));
