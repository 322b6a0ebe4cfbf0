// Browsers a member has signed in from ("known devices"): after a successful sign-in the browser
// keeps an HttpOnly cookie naming the staff member (a login of one tenant, never a bare address),
// signed with the session key, for 180 days. The sign-in limits do not slow a known device for
// that member's login (sign-in-limits.ts), so an attacker who floods someone's address with wrong
// passwords from elsewhere cannot lock the owner out. The same address's login in another tenant
// is another member: the cookie does nothing for it, so a tenant that holds a login for someone's
// address cannot use its own cookie to guess at theirs. The cookie grants nothing by itself: the
// password is still checked.
import { createHmac, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "escrow_console_device";
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
const MAX_ENTRIES = 5;

function signature(staffId: string, expires: number): string {
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) throw new Error("NEXTAUTH_SECRET is not set");
  return createHmac("sha256", secret).update(`console-device:${staffId}:${expires}`).digest("base64url").slice(0, 32);
}

function entries(value: string | undefined, now: number): { staffId: string; expires: number }[] {
  const valid: { staffId: string; expires: number }[] = [];
  for (const entry of (value ?? "").split(",").slice(0, MAX_ENTRIES)) {
    const [staffId = "", expiresText = "", sig = ""] = entry.split(":");
    const expires = Number(expiresText);
    if (!staffId || !Number.isInteger(expires) || expires * 1000 <= now) continue;
    const expected = Buffer.from(signature(staffId, expires));
    const given = Buffer.from(sig);
    if (given.length === expected.length && timingSafeEqual(given, expected)) valid.push({ staffId, expires });
  }
  return valid;
}

/** The staff ids this browser signed in as, from its cookie (signature and expiry checked). */
export function knownStaffIds(cookieValue: string | undefined, now = Date.now()): string[] {
  return entries(cookieValue, now).map((entry) => entry.staffId);
}

/** The cookie's new value after `staffId` signed in: that member first, at most five. */
export function rememberDevice(cookieValue: string | undefined, staffId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DEVICE_COOKIE_MAX_AGE_S;
  const others = entries(cookieValue, now).filter((entry) => entry.staffId !== staffId);
  return [{ staffId, expires }, ...others]
    .slice(0, MAX_ENTRIES)
    .map((entry) => `${entry.staffId}:${entry.expires}:${signature(entry.staffId, entry.expires)}`)
    .join(",");
}

/** The cookie out of a Cookie header. */
export function deviceCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === DEVICE_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}
