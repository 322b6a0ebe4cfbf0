// Where the hosted pages live: one path prefix per kind of hosted session (the redirectUrl the
// API returns is `<base>/<prefix>/<token>`).
import type { HostedSessionKind } from "../db/generated/enums.ts";

export const HOSTED_PATH_PREFIX: Record<HostedSessionKind, string> = {
  Connect: "connect",
  Checkout: "checkout",
  PaymentFlow: "pay",
  TradeStatus: "status",
  PayoutAccount: "payout-account",
};

// Also the public tracking page, the eID broker's callback (/eid/callback) and the sandbox eID
// (/sandbox-eid): a browser's requests to the hosted pages, limited per client like them (proxy.ts).
const PREFIXES = new Set([...Object.values(HOSTED_PATH_PREFIX), "track", "eid", "sandbox-eid"]);

export function isHostedPath(pathname: string): boolean {
  const first = pathname.split("/")[1] ?? "";
  return PREFIXES.has(first);
}

export function hostedPagePath(kind: HostedSessionKind, token: string): string {
  return `/${HOSTED_PATH_PREFIX[kind]}/${encodeURIComponent(token)}`;
}
