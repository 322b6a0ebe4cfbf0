// What the console's business-user form sends, checked with the API's own schemas (one source of
// the rules: lengths, the account number's characters, no unknown fields) but worded for staff
// and reported per field, so the form can put each message under its input. Shared by the
// server and the browser (the form checks before it posts; the server checks again).
import { z } from "zod";
import { fieldErrors } from "../../schemas/validation.ts";
import type { FieldError } from "../../errors.ts";
import { CreateBusinessUserBody, EditBusinessUserBody } from "../../business-users/schemas.ts";

const Mode = z.enum(["test", "live"]);

export const ConsoleCreateBusinessUser = CreateBusinessUserBody.extend({ mode: Mode });

/** Editing in the console: leaving the payout account empty keeps the one on file (staff never see it whole). */
export const ConsoleEditBusinessUser = EditBusinessUserBody.extend({
  mode: Mode,
  payoutsAccountNumber: EditBusinessUserBody.shape.payoutsAccountNumber.optional(),
});

export const ConsoleDeleteBusinessUser = z.strictObject({ mode: Mode });

const friendly: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type" && issue.input === undefined) return "Required";
  if (issue.code === "too_small" && issue.origin === "string")
    return Number(issue.minimum) <= 1 ? "Required" : `Use at least ${issue.minimum} characters`;
  if (issue.code === "too_big" && issue.origin === "string") return `Use at most ${issue.maximum} characters`;
  return undefined;
};

export type FormCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

export function checkForm<S extends z.ZodType>(schema: S, input: unknown): FormCheck<z.output<S>> {
  const result = schema.safeParse(input, { error: friendly });
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
