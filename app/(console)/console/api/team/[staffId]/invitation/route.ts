// POST /console/api/team/{staffId}/invitation – a new invitation link for a member who has not accepted yet (admins)
import { consoleJson } from "@/lib/console/console-route.ts";
import { renewMemberInvitation } from "@/lib/console/team/invite-member.ts";

export const POST = consoleJson(async (context, _request, { staffId }) => renewMemberInvitation(context, staffId!));
