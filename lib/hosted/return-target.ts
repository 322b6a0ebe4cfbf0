// Where a hosted flow sends the browser next: to the rail's page while a payment is to be paid, and
// when the flow ends, to the tenant's successUrl, cancelUrl (with the reason) or returnUrl, or, when
// the request carried an appSwitch, back into the tenant's app the way its in-app browser expects
// (the appSwitch model of spec 2.4):
// - Android (Chrome Custom Tabs, WebViews): an `intent://…#Intent;scheme=…;end` address. Chrome
//   hands it to the app that registered the scheme, and opens `S.browser_fallback_url` (the
//   tenant's web address) when no app does. A plain custom-scheme redirect is silently dropped by
//   Chrome on Android.
// - iOS (ASWebAuthenticationSession, SFSafariViewController): the callback address itself; the
//   session that the app opened catches its own scheme and closes the browser.
// An https callback (Android App Link, iOS Universal Link) is used as it is on both systems.
import { z } from "zod";
import type { HostedSession } from "../db/generated/client.ts";
import type { BackOutcome, FlowOutcome, HostedOutcome } from "./hosted-outcome.ts";

/** The reason codes a cancelUrl can carry (documented in docs/hosted-pages.md). */
export type CancelReason =
  "cancelled" | "sign_in_failed" | "kyc_level_not_met" | "consent_declined" | "trade_unavailable" | "expired";

type Addresses = Pick<HostedSession, "successUrl" | "cancelUrl" | "returnUrl" | "appSwitch">;

/**
 * Where a form's outcome sends the browser: a flow that ended goes where the tenant asked; a
 * payment's step to the rail's page, or where the tenant asked once paid, or back to the page.
 */
export function resolveOutcome(session: Addresses, outcome: HostedOutcome): { done: string | null } | BackOutcome {
  if ("ended" in outcome) return { done: returnTarget(session, outcome.ended) };
  if (!("paymentStep" in outcome)) return outcome;
  const step = outcome.paymentStep;
  switch (step.kind) {
    case "redirect":
      return { done: step.url };
    case "paid":
      return { done: returnTarget(session, { kind: "success" }) };
    case "unavailable":
      return { back: true, error: "unavailable" };
    case "railUnreachable":
      return { back: true, error: "rail_unreachable" };
  }
}

export function webTarget(session: Addresses, outcome: FlowOutcome): string | null {
  switch (outcome.kind) {
    case "success":
      return session.successUrl ?? session.returnUrl;
    case "cancel":
      return withReason(session.cancelUrl ?? session.returnUrl, outcome.reason);
    case "return":
      return session.returnUrl;
  }
}

/** The address to send the browser to, or null when the tenant gave none (the page then says "done"). */
export function returnTarget(session: Addresses, outcome: FlowOutcome): string | null {
  const web = webTarget(session, outcome);
  const app = storedAppSwitch(session.appSwitch);
  if (!app) return web;
  const query: Record<string, string> =
    outcome.kind === "cancel"
      ? { status: "cancelled", reason: outcome.reason }
      : { status: outcome.kind === "success" ? "success" : "returned" };
  return appSwitchAddress(app, query, web);
}

/** The tenant's cancel address with the reason the flow ended (`?reason=cancelled`, …). */
export function withReason(url: string | null, reason: string): string | null {
  if (!url) return null;
  const target = new URL(url);
  target.searchParams.set("reason", reason);
  return target.toString();
}

type OperatingSystem = "Android" | "iOS";

interface AppSwitchTarget {
  appSwitchCallbackUri: string;
  operatingSystem: OperatingSystem;
}

const Stored = z.object({ appSwitchCallbackUri: z.string().min(1), operatingSystem: z.enum(["Android", "iOS"]) });

/** The app switch stored with a hosted session (JSON), or null. */
function storedAppSwitch(value: unknown): AppSwitchTarget | null {
  const parsed = Stored.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Where the browser goes to return into the app, with the flow's outcome in the query. */
export function appSwitchAddress(
  app: AppSwitchTarget,
  outcome: Record<string, string>,
  webFallback: string | null,
): string {
  const target = new URL(app.appSwitchCallbackUri);
  for (const [key, value] of Object.entries(outcome)) target.searchParams.set(key, value);
  const scheme = target.protocol.slice(0, -1);
  if (app.operatingSystem !== "Android" || scheme === "https" || scheme === "http") return target.toString();

  const rest = target.href.slice(target.protocol.length); // "//host/path?query" or "path?query"
  const extras = [
    `scheme=${scheme}`,
    ...(webFallback ? [`S.browser_fallback_url=${encodeURIComponent(webFallback)}`] : []),
  ];
  return `intent:${rest}#Intent;${extras.join(";")};end`;
}
