// POST /console/api/team/{staffId}/sessions – sign a member out of every browser (admins; themselves too)
import { consoleJson } from "@/lib/console/console-route.ts";
import { endMemberSessions } from "@/lib/console/team/end-sessions.ts";

export const POST = consoleJson(async (context, _request, { staffId }) => endMemberSessions(context, staffId!));
