// The simulated rail signs its callbacks as real rails do (Stripe's scheme: `t=<unix>,v1=<hex
// HMAC-SHA256 of "<t>.<body>">`), and refuses an unsigned, mis-signed or stale one. The callback
// is only a nudge (its data is re-read from the bank before anything changes), but the receiving
// path is the one live callbacks take, so it checks signatures the same way.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "simulated-rail-signature";
const TOLERANCE_S = 300;

/** The secret of the simulated rail's callbacks: set it per deployment; the default is for development. */
export function callbackSecret(): string {
  return process.env.SIMULATED_RAIL_CALLBACK_SECRET?.trim() || "simulated-rail-development-secret";
}

const mac = (secret: string, timestamp: number, body: string) =>
  createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");

export function signCallback(body: string, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${mac(callbackSecret(), timestamp, body)}`;
}

export function signatureIsValid(body: string, header: string | null, now = Date.now()): boolean {
  if (!header) return false;
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TOLERANCE_S) return false;
  const expected = Buffer.from(mac(callbackSecret(), timestamp, body), "hex");
  const actual = Buffer.from(given, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
