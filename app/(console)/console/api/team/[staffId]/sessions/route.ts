// POST /console/api/team/{staffId}/sessions – sign a member out of every browser (admins; themselves too)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { memberSessionsEnd } from "@/lib/console/operations/team.ts";
import { endMemberSessions } from "@/lib/console/team/end-sessions.ts";

export const POST = consoleRoute(memberSessionsEnd, (context, { params }) =>
  endMemberSessions(context, params.staffId),
);
