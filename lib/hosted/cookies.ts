// The cookies of the hosted pages. All HttpOnly and SameSite=Lax: Lax, because the user arrives
// by a top-level navigation from the tenant's site (Strict would drop the cookie on that first
// request), and no cross-site POST ever carries them (CSRF). Secure whenever the page is https.

/** A random id of this browser: a hosted link is bound to the first browser that uses it. */
export const BROWSER_COOKIE = "escrow_browser";
/** The remembered national eID sign-in (forceOnboarding ignores it). */
export const IDENTITY_COOKIE = "escrow_eid";
/** The language the user chose on a hosted page. */
export const LANGUAGE_COOKIE = "escrow_lang";

export const BROWSER_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function cookieAttributes(secure: boolean, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether the browser reached us over https (directly or through a TLS-terminating proxy). */
export function isHttpsRequest(url: string, forwardedProto: string | null): boolean {
  return url.startsWith("https:") || forwardedProto?.split(",")[0]?.trim() === "https";
}
