// Request pieces that many operations share (spec 2.4 and 8).
import { z } from "zod";
import { isRefusedAppScheme } from "./refused-url-schemes.ts";

export const MarketplaceUserId = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: "The tenant's own id of the user (1..64 characters).", example: "user-4711" });

// The checks that need no tenant: an absolute http(s) address. Which origins and whether plain
// http is allowed depend on the tenant and mode (lib/hosted/redirect-urls.ts).
export const RedirectUrl = z
  .string()
  .min(1)
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = staticRedirectProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({
    description:
      "Absolute https address (http only to loopback with test tokens); must match a registered redirect origin once any is registered.",
    example: "https://marketplace.example/checkout/done",
  });

export function staticRedirectProblem(value: string): string | null {
  if (value.startsWith("//") || value.startsWith("\\\\"))
    return "Protocol-relative addresses are not allowed; send an absolute https address.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Must be an absolute https address.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `The ${url.protocol.replace(":", "")} scheme is not allowed; send an https address.`;
  if (url.username || url.password) return "Must not contain credentials.";
  return null;
}

export function staticAppSwitchProblem(value: string): string | null {
  if (value.startsWith("//") || value.startsWith("\\\\"))
    return "Protocol-relative addresses are not allowed; send an absolute address such as yourapp://escrow/return.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Must be an absolute address with a scheme, such as yourapp://escrow/return or https://….";
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (isRefusedAppScheme(scheme)) return `The ${scheme} scheme is not allowed.`;
  if (url.username || url.password) return "Must not contain credentials.";
  return null;
}

export const OperatingSystem = z
  .union([z.enum(["Android", "iOS"]), z.literal(1), z.literal(2)])
  .transform((value) => (value === 1 ? "Android" : value === 2 ? "iOS" : value))
  .meta({ description: "`Android` or `iOS`; the integer codes 1 (Android) and 2 (iOS) are accepted too." });

export const AppSwitch = z
  .strictObject({
    appSwitchCallbackUri: z
      .string()
      .min(1)
      .max(2048)
      .superRefine((value, ctx) => {
        const problem = staticAppSwitchProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .meta({
        description:
          "Where the hosted page returns to in the tenant's app: the app's own scheme " +
          "(`yourapp://escrow/return`) or an https universal/app link. The page adds `status` " +
          "(`success`, `cancelled`, `returned`) and, when cancelled, `reason`; on Android it is " +
          "opened as an `intent:` address with the web successUrl/cancelUrl as the browser fallback. " +
          "Once redirect origins are registered, the scheme must be registered too (as `yourapp://`).",
        example: "marketplace://escrow/return",
      }),
    operatingSystem: OperatingSystem,
  })
  .meta({ id: "AppSwitch", description: "Return into the tenant's app instead of a web address (in-app browsers)." });

/** A boolean query parameter: only `true` and `false`, so a typo is an error and not a silent yes. */
export const QueryBoolean = z.enum(["true", "false"]).transform((value) => value === "true");

// Bounded so that every accepted instant is one PostgreSQL and JavaScript read the same way
// (year 0 or an offset of -18:51 are valid ISO 8601 but not a sensible filter).
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
export const Instant = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text))
  .refine((date) => date.getTime() >= EARLIEST && date.getTime() <= LATEST, {
    message: "Must be a time between 1970 and 9999",
  });

/**
 * A UTC day as a console filter or an export names it, YYYY-MM-DD: a day that exists (JavaScript
 * reads 2026-02-31 as 3 March, PostgreSQL refuses it), from 1970-01-01 to 9999-12-30 (so that
 * the day after it, where a range ends, is still one PostgreSQL and JavaScript read alike).
 */
export const CalendarDay = z.string().refine(isCalendarDay, "Must be a day, YYYY-MM-DD, from 1970-01-01 to 9999-12-30");

function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < "1970-01-01" || day > "9999-12-30") return false;
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}
