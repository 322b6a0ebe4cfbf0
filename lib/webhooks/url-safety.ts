// Where webhooks may be sent (decisions.md §5): https only; plain http only to loopback and only
// for sandbox subscriptions. In live mode the host must not resolve to loopback, private,
// link-local, CGNAT or cloud-metadata addresses — checked when subscribing and again at delivery,
// where the connection goes to the address that was checked (no second lookup, no redirects).
//
// Sandbox subscriptions may reach loopback and private addresses so that a developer can run a
// receiver next to a local copy of the service. On a shared deployment "loopback" is our own host,
// and any tenant's test token could make the worker call it and read the answer in its delivery
// log; so the production server refuses them unless the operator allows them
// (WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow), and then sandbox subscriptions get live mode's checks.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { ApiError } from "../errors.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { isLoopbackHost } from "../hosted-links/redirect-urls.ts";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8],
  // Transition ranges that carry an IPv4 address inside an IPv6 one: a NAT64 gateway (64:ff9b::/96,
  // the local-use 64:ff9b:1::/48), a 6to4 relay (2002::/16) or Teredo (2001::/32) would deliver to
  // that IPv4 address, e.g. [64:ff9b::7f00:1] is 127.0.0.1. Refused whole: no legitimate webhook
  // receiver needs them, and unwrapping each (Teredo obfuscates its address) is easier to get wrong.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["2002::", 16],
  ["2001::", 32],
  ["::", 96], // IPv4-compatible (deprecated), ::a.b.c.d
  ["::ffff:0:0:0", 96], // IPv4-translated (SIIT), ::ffff:0:a.b.c.d
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  // No rule for IPv4-mapped addresses (::ffff:0:0/96): BlockList checks every IPv4 address
  // against IPv6 rules in its mapped form too, so such a rule would block all of IPv4. Mapped
  // addresses are unwrapped and checked as IPv4 in isPublicAddress instead.
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return !blocked.check(mapped[1]!, "ipv4");
    return !blocked.check(address, "ipv6");
  }
  return false;
}

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

/** Whether this subscription's mode may target loopback and private addresses. */
const mayReachPrivate = (mode: ApiMode) => mode === "test" && sandboxMayReachPrivateAddresses();

/** The checks that need no network: scheme, credentials, loopback http in sandbox. */
export function checkWebhookUrlShape(mode: ApiMode, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw ApiError.field("url", "Must be an absolute https address.");
  }
  if (url.username || url.password) throw ApiError.field("url", "Must not contain credentials.");
  if (url.protocol === "http:") {
    if (!mayReachPrivate(mode) || !isLoopbackHost(url.hostname)) {
      throw ApiError.field(
        "url",
        mode === "test" && isLoopbackHost(url.hostname)
          ? "This server does not deliver sandbox webhooks to its own host or private addresses (its " +
              "operator allows that with WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow, as npm run dev does). Use " +
              "a public https address."
          : "Must use https (http is allowed only to localhost, for sandbox subscriptions).",
      );
    }
  } else if (url.protocol !== "https:") {
    throw ApiError.field("url", "Must use https.");
  }
  return url;
}

/** The address to connect to; only a public one, except for sandbox subscriptions where allowed. Throws ApiError on `url`. */
export async function resolveWebhookTarget(mode: ApiMode, url: URL): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let resolved: { address: string; family: number }[];
  try {
    resolved = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw ApiError.field("url", `The host ${host} could not be resolved.`);
  }
  if (!mayReachPrivate(mode)) {
    const unsafe = resolved.find((r) => !isPublicAddress(r.address));
    if (unsafe) {
      const why =
        mode === "test"
          ? " This server delivers sandbox webhooks only to public addresses (its operator allows private ones with WEBHOOK_SANDBOX_PRIVATE_TARGETS=allow)."
          : "";
      throw ApiError.field("url", `The host resolves to ${unsafe.address}, which is not a public address.${why}`);
    }
  }
  const first = resolved[0];
  if (!first) throw ApiError.field("url", `The host ${host} has no address.`);
  return first;
}
