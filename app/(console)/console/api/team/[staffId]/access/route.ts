// POST /console/api/team/{staffId}/access – disable or enable a member (admins; not themselves, never the last admin)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { memberAccess } from "@/lib/console/operations/team.ts";
import { changeMember } from "@/lib/console/team/change-member.ts";

export const POST = consoleRoute(memberAccess, (context, { params, body }) =>
  changeMember(context, params.staffId, body),
);
