// POST /console/api/team/{staffId}/role – make a member an admin or a viewer (admins; not themselves)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { memberRole } from "@/lib/console/operations/team.ts";
import { changeMember } from "@/lib/console/team/change-member.ts";

export const POST = consoleRoute(memberRole, (context, { params, body }) =>
  changeMember(context, params.staffId, body),
);
