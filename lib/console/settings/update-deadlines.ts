// An admin changes the tenant's deadlines (seconds, within settings-rules.ts's limits, and
// together within the payment rail's hold budget, lib/payments/hold-budget.ts). Running trades
// keep the deadline they were given; the new ones apply from the next state change.
import type { z } from "zod";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { holdBudgetProblem } from "../../payments/hold-budget.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { DeadlinesBody } from "./settings-rules.ts";

export async function updateDeadlines(context: StaffContext, body: z.output<typeof DeadlinesBody>) {
  assertAdmin(context);
  const problem = holdBudgetProblem(body);
  if (problem)
    throw new AppError("validation-error", problem, {
      errors: [
        {
          key: "returnShipmentDeadlineSeconds",
          value: "Together, the deadlines outlast the payment rail's hold budget.",
        },
      ],
    });
  await db.tenant.update({ where: { id: context.tenant.id }, data: body });
  return body;
}
