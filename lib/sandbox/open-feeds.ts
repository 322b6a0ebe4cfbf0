// At most SANDBOX_FEEDS_PER_TOKEN sandbox event feeds of one API token open at once in this
// process (default 5; `npm run cli -- listen` keeps one). A waiting feed costs no database work
// (lib/sandbox/feed-waits.ts), but each is a request held open and a query when woken: one
// sandbox token, handed out freely, must not hold hundreds. Beyond the cap, 429 rate-limited.
// In memory like the tenant's share (lib/api/tenant-fairness.ts): each instance keeps its own count.
import { AppError } from "../errors.ts";

export const DEFAULT_FEEDS_PER_TOKEN = 5;
/** A refused feed is asked to come back once one of the open ones has had time to answer. */
const RETRY_AFTER_SECONDS = 5;

const open: Map<string, number> = ((globalThis as { [key: symbol]: Map<string, number> | undefined })[
  Symbol.for("escrow.openFeeds")
] ??= new Map());

export function feedsPerToken(): number {
  const configured = Number(process.env.SANDBOX_FEEDS_PER_TOKEN);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_FEEDS_PER_TOKEN;
}

/** Counts one open feed of the token, or refuses it past the cap; the result closes it (once). */
export function openFeed(tokenId: string): () => void {
  const count = open.get(tokenId) ?? 0;
  const cap = feedsPerToken();
  if (count >= cap) {
    throw new AppError(
      "rate-limited",
      `At most ${cap} event feeds of one API token may be open at once: wait for one of yours to answer ` +
        `(each answers within its waitSeconds) or close it, then retry.`,
      { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
  open.set(tokenId, count + 1);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    const left = (open.get(tokenId) ?? 1) - 1;
    if (left > 0) open.set(tokenId, left);
    else open.delete(tokenId);
  };
}
