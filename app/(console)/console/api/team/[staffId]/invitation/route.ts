// POST /console/api/team/{staffId}/invitation – a new invitation link for a member who has not accepted yet (admins)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { memberInvitationRenew } from "@/lib/console/operations/team.ts";
import { renewMemberInvitation } from "@/lib/console/team/invite-member.ts";

export const POST = consoleRoute(memberInvitationRenew, (context, { params }) =>
  renewMemberInvitation(context, params.staffId),
);
