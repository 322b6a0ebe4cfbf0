// Which IP addresses a live webhook may be delivered to: only those the IANA registries call
// globally reachable, and none that leads somewhere else. Node's own net.BlockList does the
// matching (prefix rules over both families); this file only holds the lists, so that a library
// made for classifying addresses could replace it behind `isPublicAddress` alone.
//
// IPv6 is an allow-list first: IANA allocates unicast addresses only from 2000::/3, so everything
// outside it (site-local fec0::/10, SRv6 SIDs 5f00::/16, the dummy prefix 100:0:0:1::/64, unique
// local, link-local, multicast, the embedded-IPv4 forms under ::/8 and NAT64 64:ff9b::/96, and what
// IANA has not assigned yet) is refused without a rule of its own. IPv4 has no such frame, so it
// is a block-list of the special-purpose registry's ranges that are not globally reachable.
import { BlockList, isIP } from "node:net";

const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared address space (CGNAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (DS-Lite, NAT64 discovery, dummy address …)
  ["192.0.2.0", 24], // documentation, TEST-NET-1
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated): hands the packet to a relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation, TEST-NET-2
  ["203.0.113.0", 24], // documentation, TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the limited broadcast 255.255.255.255
] as const) {
  blockedV4.addSubnet(network, prefix, "ipv4");
}

/** IANA's global unicast space: the only IPv6 addresses that may be public. */
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet("2000::", 3, "ipv6");

/** Inside 2000::/3, the special-purpose blocks that are not globally reachable or lead elsewhere. */
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  // IETF protocol assignments: Teredo (2001::/32, which tunnels to an IPv4 address), benchmarking
  // (2001:2::/48), ORCHID identifiers and the few anycast services inside it; none is a web server.
  ["2001::", 23],
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: a relay would deliver to the IPv4 address inside
  ["3fff::", 20], // documentation (the second block)
] as const) {
  blockedV6.addSubnet(network, prefix, "ipv6");
}

/**
 * IPv4-mapped addresses (::ffff:a.b.c.d, in any spelling) reach the IPv4 address inside. A rule
 * of their own: BlockList checks an IPv6 address of this range against the IPv4 rules, so the
 * IPv4 list decides them, and it is never asked about an IPv4 address (which it would match).
 */
const mappedV4 = new BlockList();
mappedV4.addSubnet("::ffff:0:0", 96, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, "ipv4");
  if (family !== 6) return false;
  if (mappedV4.check(address, "ipv6")) return !blockedV4.check(address, "ipv6");
  return globalUnicastV6.check(address, "ipv6") && !blockedV6.check(address, "ipv6");
}
