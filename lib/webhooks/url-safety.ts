// Where webhooks may be sent (decisions.md §5): https only; plain http only to loopback and only
// for sandbox subscriptions. In live mode every address the host resolves to must be public
// (public-address.ts: globally reachable, so no loopback, private, link-local, CGNAT, metadata,
// documentation or reserved address) — checked when subscribing and again at delivery, where the
// connection goes to the address that was checked (no second lookup, no redirects).
//
// Sandbox subscriptions may reach loopback and private addresses so that a developer can run a
// receiver next to a local copy of the service. On a shared deployment "loopback" is our own host,
// and any tenant's test token could make the worker call it and read the answer in its delivery
// log; so the production server refuses them unless the operator allows them
// (WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow), and then sandbox subscriptions get live mode's checks.
//
// Live subscriptions reach a private address only at an origin the operator names one by one
// (WEBHOOK_LIVE_PRIVATE_ORIGINS): a tenant whose backend sits in the operator's own network, over a
// private link, and the live journey's receiver in the end-to-end tests. Never a whole range, and
// plain http only to a loopback origin so named: nothing else in live mode travels unencrypted.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { AppError } from "../errors.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { isLoopbackHost } from "../hosted-links/redirect-urls.ts";
import { isPublicAddress } from "./public-address.ts";

export { isPublicAddress };

/**
 * Whether sandbox subscriptions may target loopback and private addresses: WEBHOOK_SANDBOX_PRIVATE_TARGETS
 * `allow` or `deny`; by default allowed, except in the production server (NODE_ENV=production).
 */
export function sandboxMayReachPrivateAddresses(env: Record<string, string | undefined> = process.env): boolean {
  const setting = env.WEBHOOK_SANDBOX_PRIVATE_TARGETS;
  if (setting === "allow") return true;
  if (setting === "deny") return false;
  return env.NODE_ENV !== "production";
}

/**
 * The origins (scheme, host and port) that live subscriptions may reach although they are not
 * public: WEBHOOK_LIVE_PRIVATE_ORIGINS, separated by commas. An entry that is not an origin is ignored
 * (and named by `npm run cli -- live check`).
 */
export function livePrivateOrigins(env: Record<string, string | undefined> = process.env): Set<string> {
  const origins = new Set<string>();
  for (const entry of (env.WEBHOOK_LIVE_PRIVATE_ORIGINS ?? "").split(",")) {
    const origin = originOf(entry.trim());
    if (origin) origins.add(origin);
  }
  return origins;
}

/** The entry's origin when the entry is exactly an origin (`https://hooks.internal:8443`), else null. */
export function originOf(entry: string): string | null {
  if (!entry) return null;
  try {
    const url = new URL(entry);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === "https:" || url.protocol === "http:") && entry.replace(/\/$/, "") === url.origin
      ? url.origin
      : null;
  } catch {
    return null;
  }
}

/** Whether this subscription may target loopback and private addresses. */
const mayReachPrivate = (mode: ApiMode, url: URL) =>
  mode === "test" ? sandboxMayReachPrivateAddresses() : livePrivateOrigins().has(url.origin);

/** The checks that need no network: scheme, credentials, loopback http in sandbox. */
export function checkWebhookUrlShape(mode: ApiMode, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw AppError.field("url", "Must be an absolute https address.");
  }
  if (url.username || url.password) throw AppError.field("url", "Must not contain credentials.");
  if (url.protocol === "http:") {
    if (!mayReachPrivate(mode, url) || !isLoopbackHost(url.hostname)) {
      throw AppError.field(
        "url",
        mode === "test" && isLoopbackHost(url.hostname)
          ? "This server does not deliver sandbox webhooks to its own host or private addresses (its " +
              "operator allows that with WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow, as npm run dev does). Use " +
              "a public https address."
          : "Must use https (http is allowed only to localhost, for sandbox subscriptions).",
      );
    }
  } else if (url.protocol !== "https:") {
    throw AppError.field("url", "Must use https.");
  }
  return url;
}

/** The address to connect to; only a public one, except for sandbox subscriptions where allowed. Throws AppError on `url`. */
export async function resolveWebhookTarget(mode: ApiMode, url: URL): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let resolved: { address: string; family: number }[];
  try {
    resolved = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw AppError.field("url", `The host ${host} could not be resolved.`);
  }
  if (!mayReachPrivate(mode, url)) {
    const unsafe = resolved.find((r) => !isPublicAddress(r.address));
    if (unsafe) {
      const why =
        mode === "test"
          ? " This server delivers sandbox webhooks only to public addresses (its operator allows private ones with WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow)."
          : "";
      throw AppError.field("url", `The host resolves to ${unsafe.address}, which is not a public address.${why}`);
    }
  }
  const first = resolved[0];
  if (!first) throw AppError.field("url", `The host ${host} has no address.`);
  return first;
}
