// Which forwarding headers to believe (TRUSTED_PROXIES). A client can write any X-Forwarded-For it
// likes; only a proxy we run appends the truth to it. So the address that counts is the socket's,
// unless the socket is a trusted proxy, in which case we walk X-Forwarded-For from the right,
// past every trusted proxy, to the first address we did not put there ourselves.
//   unset or ""           no proxy: the socket's address counts, forwarding headers are ignored
//   "1" (a whole number)  that many proxies in front, whatever their addresses
//   "10.0.0.0/8,::1"      addresses and CIDRs (IPv4 and IPv6) of our proxies
import { BlockList, isIP } from "node:net";

export type TrustedProxies = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "list"; list: BlockList };

/** Parses the setting; a malformed one stops the start with what is wrong. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const value = (text ?? "").trim();
  if (!value) return { kind: "none" };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUSTED_PROXIES=${value}: a hop count must be 0 to 10.`);
    return hops === 0 ? { kind: "none" } : { kind: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = "", prefixText] = entry.split("/");
    const family = isIP(address);
    if (!family)
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8, 2001:db8::/32, 127.0.0.1).`,
      );
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
      throw new Error(`TRUSTED_PROXIES: "${entry}" has an invalid prefix length.`);
    list.addSubnet(address, prefix, type);
  }
  return { kind: "list", list };
}

/** ::ffff:1.2.3.4 (how a dual-stack socket shows an IPv4 peer) is 1.2.3.4. */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function isTrusted(proxies: TrustedProxies, address: string): boolean {
  if (proxies.kind !== "list") return false;
  const family = isIP(address);
  return family !== 0 && proxies.list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The client's address for per-client limits and logs. */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: TrustedProxies,
): string {
  const socket = normalizeAddress(socketAddress ?? "") || "unknown";
  if (proxies.kind === "none") return socket;
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((part) => normalizeAddress(part.trim()))
    .filter((part) => isIP(part) !== 0);
  // The chain as our side saw it, client first, the socket's peer last.
  const chain = [...forwarded, socket];
  if (proxies.kind === "hops") return chain[Math.max(0, chain.length - 1 - proxies.hops)]!;
  if (!isTrusted(proxies, socket)) return socket;
  for (let i = chain.length - 1; i >= 0; i--) if (!isTrusted(proxies, chain[i]!)) return chain[i]!;
  return chain[0]!;
}
