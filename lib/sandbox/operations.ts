// Sandbox clock operation (decisions.md §6).
import { z } from "zod";
import { COMMON_ERRORS, defineOperation } from "../api/operation.ts";

export const advanceSandboxClock = defineOperation({
  operationId: "advanceSandboxClock",
  method: "POST",
  path: "/v1/sandbox/clock/advance",
  summary: "Sandbox: advance the clock",
  description: "Test tokens only. Moves this tenant's sandbox clock forward and fires every deadline that falls due (unpaid expiry, shipment deadline, auto-accept, payouts), each as its ordinary transition with its webhook.",
  tags: ["Sandbox"],
  body: z.strictObject({ seconds: z.number().int().min(1).max(10 * 365 * 24 * 3600).meta({ description: "How far to move the clock (1 second to 10 years).", example: 172800 }) }).meta({ id: "AdvanceClockRequest" }),
  response: z
    .object({
      now: z.string().meta({ description: "The tenant's sandbox time after the advance." }),
      offsetSeconds: z.number().int().meta({ description: "Total offset of the sandbox clock from real time." }),
      fired: z.array(z.object({ tradeId: z.string(), action: z.string(), state: z.string() })).meta({ description: "The deadlines that fired, in order." }),
    })
    .meta({ id: "AdvanceClockResponse" }),
  sandboxOnly: true,
  errors: [...COMMON_ERRORS, "forbidden", "malformed-request", "payload-too-large", "idempotency-in-progress", "idempotency-key-mismatch"],
});
