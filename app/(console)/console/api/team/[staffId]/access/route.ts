// POST /console/api/team/{staffId}/access – disable or enable a member (admins; not themselves, never the last admin)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { changeMember } from "@/lib/console/team/change-member.ts";

const Body = z.strictObject({ disabled: z.boolean() });

export const POST = consoleJson(async (context, request, { staffId }) =>
  changeMember(context, staffId!, await consoleBody(request, Body)),
);
