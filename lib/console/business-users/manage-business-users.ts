// Business-user changes from the console, admins only. Each goes through the API's own use case
// (lib/business-users), so the console keeps exactly the API's rules: the whitelist of business
// ids (403), one business user per business id and location (409), 404 for another tenant's or
// mode's. What comes back names the business user but never its whole payout account number.
import { AppError } from "../../errors.ts";
import type { TenantContext } from "../../auth/authenticate.ts";
import { createBusinessUser } from "../../business-users/create-business-user.ts";
import { deleteBusinessUser } from "../../business-users/delete-business-user.ts";
import { editBusinessUser } from "../../business-users/edit-business-user.ts";
import { validationError } from "../../schemas/validation.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import {
  checkForm,
  ConsoleCreateBusinessUser,
  ConsoleDeleteBusinessUser,
  ConsoleEditBusinessUser,
} from "./business-user-form-checks.ts";

const asTenant = (context: StaffContext, mode: ApiMode): TenantContext => ({
  tenant: context.tenant,
  mode,
  tokenId: "console",
});

/** The API's refusals, worded for staff (the API's ask the tenant's developers to contact us, or to use PUT). */
function inConsoleWords(
  error: unknown,
  context: StaffContext,
  mode: ApiMode,
  key: { businessId: string; businessLocationId: string },
): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === "forbidden") {
    const allowed = context.tenant.allowedBusinessIds;
    return new AppError(
      "forbidden",
      `The business id ${key.businessId} is not on your whitelist, so it cannot be used. ${allowed.length ? `Whitelisted: ${allowed.join(", ")}.` : "Your whitelist is empty."}`,
      {
        errors: [{ key: "businessId", value: "Not on your whitelist" }],
      },
    );
  }
  if (error.code === "conflict") {
    return new AppError(
      "conflict",
      `A business user ${key.businessId} / ${key.businessLocationId} already exists in ${mode === "test" ? "test mode" : "live mode"}: edit that one instead.`,
      {
        errors: [{ key: "businessLocationId", value: "Already exists for this business id" }],
      },
    );
  }
  return error;
}

const summary = (record: { serviceUserId: string; businessId: string; businessLocationId: string; name: string }) => ({
  serviceUserId: record.serviceUserId,
  businessId: record.businessId,
  businessLocationId: record.businessLocationId,
  name: record.name,
});

export async function consoleCreateBusinessUser(context: StaffContext, input: unknown) {
  assertAdmin(context);
  const checked = checkForm(ConsoleCreateBusinessUser, input);
  if (!checked.ok) throw validationError(checked.errors);
  const { mode, ...body } = checked.data;
  try {
    return summary(await createBusinessUser(asTenant(context, mode), body));
  } catch (error) {
    throw inConsoleWords(error, context, mode, body);
  }
}

export async function consoleEditBusinessUser(
  context: StaffContext,
  businessId: string,
  businessLocationId: string,
  input: unknown,
) {
  assertAdmin(context);
  const checked = checkForm(ConsoleEditBusinessUser, input);
  if (!checked.ok) throw validationError(checked.errors);
  const { mode, payoutsAccountNumber, ...body } = checked.data;
  // Left empty, the account on file stays (undefined leaves the column as it is).
  try {
    return summary(
      await editBusinessUser(asTenant(context, mode), businessId, businessLocationId, {
        ...body,
        payoutsAccountNumber,
      }),
    );
  } catch (error) {
    throw inConsoleWords(error, context, mode, { businessId, businessLocationId });
  }
}

export async function consoleDeleteBusinessUser(
  context: StaffContext,
  businessId: string,
  businessLocationId: string,
  input: unknown,
) {
  assertAdmin(context);
  const checked = checkForm(ConsoleDeleteBusinessUser, input);
  if (!checked.ok) throw validationError(checked.errors);
  try {
    await deleteBusinessUser(asTenant(context, checked.data.mode), businessId, businessLocationId);
  } catch (error) {
    throw inConsoleWords(error, context, checked.data.mode, { businessId, businessLocationId });
  }
  return { deleted: true };
}
