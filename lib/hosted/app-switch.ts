// Returning into the tenant's app (the appSwitch model of spec 2.4) the way an in-app browser
// expects it:
// - Android (Chrome Custom Tabs, WebViews): an `intent://…#Intent;scheme=…;end` address. Chrome
//   hands it to the app that registered the scheme, and opens `S.browser_fallback_url` (the
//   tenant's web address) when no app does. A plain custom-scheme redirect is silently dropped by
//   Chrome on Android.
// - iOS (ASWebAuthenticationSession, SFSafariViewController): the callback address itself; the
//   session that the app opened catches its own scheme and closes the browser.
// An https callback (Android App Link, iOS Universal Link) is used as it is on both systems.
import { z } from "zod";

export type OperatingSystem = "Android" | "iOS";

export interface AppSwitchTarget {
  appSwitchCallbackUri: string;
  operatingSystem: OperatingSystem;
}

const Stored = z.object({ appSwitchCallbackUri: z.string().min(1), operatingSystem: z.enum(["Android", "iOS"]) });

/** The app switch stored with a hosted session (JSON), or null. */
export function storedAppSwitch(value: unknown): AppSwitchTarget | null {
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
