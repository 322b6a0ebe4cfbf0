// An admin changes the tenant's deadlines (seconds, within settings-rules.ts's limits). Running
// trades keep the deadline they were given; the new ones apply from the next state change.
import type { z } from "zod";
import { db } from "../../db/client.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { DeadlinesBody } from "./settings-rules.ts";

export async function updateDeadlines(context: StaffContext, body: z.output<typeof DeadlinesBody>) {
  assertAdmin(context);
  await db.tenant.update({ where: { id: context.tenant.id }, data: body });
  return body;
}
