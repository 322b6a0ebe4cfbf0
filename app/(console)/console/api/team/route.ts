// POST /console/api/team – invite a member to the team (admins); answers the invitation link's path once
import { consoleRoute } from "@/lib/console/console-route.ts";
import { teamInvite } from "@/lib/console/operations/team.ts";
import { inviteMember } from "@/lib/console/team/invite-member.ts";

export const POST = consoleRoute(teamInvite, (context, { body }) => inviteMember(context, body));
