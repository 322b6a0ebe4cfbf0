// POST /console/api/team – invite a member to the team (admins); answers the invitation link's path once
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { InviteBody, inviteMember } from "@/lib/console/team/invite-member.ts";

export const POST = consoleJson(async (context, request) =>
  inviteMember(context, await consoleBody(request, InviteBody)),
);
