// The console's team endpoints: inviting, and what an admin changes about a member.
import type { changeMember } from "../team/change-member.ts";
import type { endMemberSessions } from "../team/end-sessions.ts";
import type { inviteMember, renewMemberInvitation } from "../team/invite-member.ts";
import type { liftMemberSignInThrottle } from "../team/lift-sign-in-throttle.ts";
import { AccessBody, InviteBody, RoleBody } from "../team/team-bodies.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const teamInvite = consoleOperation<ResultOf<typeof inviteMember>>()({
  method: "POST",
  path: "/console/api/team",
  body: InviteBody,
});

export const memberAccess = consoleOperation<ResultOf<typeof changeMember>>()({
  method: "POST",
  path: "/console/api/team/{staffId}/access",
  body: AccessBody,
});

export const memberRole = consoleOperation<ResultOf<typeof changeMember>>()({
  method: "POST",
  path: "/console/api/team/{staffId}/role",
  body: RoleBody,
});

export const memberInvitationRenew = consoleOperation<ResultOf<typeof renewMemberInvitation>>()({
  method: "POST",
  path: "/console/api/team/{staffId}/invitation",
});

export const memberSessionsEnd = consoleOperation<ResultOf<typeof endMemberSessions>>()({
  method: "POST",
  path: "/console/api/team/{staffId}/sessions",
});

export const memberSignInThrottleLift = consoleOperation<ResultOf<typeof liftMemberSignInThrottle>>()({
  method: "POST",
  path: "/console/api/team/{staffId}/sign-in-throttle",
});
