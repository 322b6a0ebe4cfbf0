// An admin changes how the hosted pages look and where they may send users back to. The same
// checks as the operator CLI (lib/tenants/hosted-page-settings.ts), run field by field so the
// form can show each problem next to its field; nothing is saved unless every field is good.
import type { z } from "zod";
import { AppError, type FieldError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import {
  checkHostedPageSettings,
  normaliseRedirectOrigin,
  updateHostedPageSettings,
  type HostedPageSettings,
} from "../../tenants/hosted-page-settings.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { HostedPagesBody } from "./settings-rules.ts";

function check<T>(errors: FieldError[], key: string, run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    errors.push({ key, value: (error as Error).message });
    return undefined;
  }
}

export async function updateHostedPages(context: StaffContext, body: z.output<typeof HostedPagesBody>) {
  assertAdmin(context);
  const errors: FieldError[] = [];
  check(errors, "brandName", () => checkHostedPageSettings({ brandName: body.brandName }));
  check(errors, "brandColor", () => checkHostedPageSettings({ brandColor: body.brandColor }));
  const origins = body.allowedRedirectOrigins.map((origin, index) =>
    check(errors, `allowedRedirectOrigins.${index}`, () => normaliseRedirectOrigin(origin)),
  );
  if (errors.length) throw new AppError("validation-error", errors.map((e) => e.value).join(" "), { errors });
  const settings: HostedPageSettings = {
    brandName: body.brandName,
    brandColor: body.brandColor,
    locale: body.locale,
    allowedRedirectOrigins: [...new Set(origins as string[])],
  };
  const saved = await updateHostedPageSettings(db, context.tenant.id, settings);
  return {
    brandName: saved.brandName ?? "",
    brandColor: saved.brandColor ?? "",
    locale: saved.locale,
    allowedRedirectOrigins: saved.allowedRedirectOrigins,
  };
}
