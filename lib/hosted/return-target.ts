// Where a hosted flow sends the browser when it ends: the tenant's successUrl, cancelUrl (with the
// reason) or returnUrl, or, when the request carried an appSwitch, back into the tenant's app.
import type { HostedSession } from "../db/generated/client.ts";
import { appSwitchAddress, storedAppSwitch } from "./app-switch.ts";

export type FlowOutcome = { kind: "success" } | { kind: "cancel"; reason: string } | { kind: "return" };

/** The reason codes a cancelUrl can carry (documented in docs/hosted-pages.md). */
export type CancelReason =
  "cancelled" | "sign_in_failed" | "kyc_level_not_met" | "consent_declined" | "trade_unavailable" | "expired";

type Addresses = Pick<HostedSession, "successUrl" | "cancelUrl" | "returnUrl" | "appSwitch">;

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
