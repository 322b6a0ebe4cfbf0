// POST /console/api/team/{staffId}/role – make a member an admin or a viewer (admins; not themselves)
import { z } from "zod";
import { consoleBody, consoleJson } from "@/lib/console/console-route.ts";
import { changeMember } from "@/lib/console/team/change-member.ts";

const Body = z.strictObject({ role: z.enum(["admin", "viewer"], "Choose admin or viewer.") });

export const POST = consoleJson(async (context, request, { staffId }) =>
  changeMember(context, staffId!, await consoleBody(request, Body)),
);
