// Waiting sandbox event feeds share one poller per process. Every POLL_MS, while any feed waits,
// one statement asks for the newest settled dispatch time of each (tenant, mode) that has a
// waiting feed, and only the feeds whose tenant has something newer than they have seen are
// woken to read it. A thousand waiting feeds cost the database what one does; a feed whose client
// left stops waiting at once (its request's signal) and is forgotten.
//
// State on globalThis: Next's dev server may evaluate this module again, and the feeds of both
// copies must share one poller.
import type { ApiMode } from "../db/generated/enums.ts";
import { db } from "../db/client.ts";
import { log } from "../ops/log.ts";
import { TEST_EVENT_NAME } from "../webhooks/event-names.ts";

const POLL_MS = 500;
/** An event becomes visible to the feed once its dispatch is this old (lib/sandbox/event-feed.ts). */
export const SETTLED_SECONDS = 1;

export interface FeedWait {
  tenantId: string;
  mode: ApiMode;
  /** The newest dispatch time this feed has already read up to. */
  seen: Date;
  /** The client's request: aborted when it goes away. */
  signal: AbortSignal;
  /** Epoch milliseconds at which to stop waiting. */
  until: number;
}

interface Waiter {
  seen: number;
  finish: (newest: Date | null) => void;
}

interface Poller {
  waiters: Map<string, Set<Waiter>>;
  timer: NodeJS.Timeout | null;
  polling: boolean;
  polls: number;
}

const poller: Poller = ((globalThis as { [key: symbol]: Poller | undefined })[Symbol.for("escrow.feedWaits")] ??= {
  waiters: new Map(),
  timer: null,
  polling: false,
  polls: 0,
});

const keyOf = (tenantId: string, mode: string) => `${mode}:${tenantId}`;

/**
 * Resolves with the newest settled dispatch time of the tenant's mode once it is after `seen`
 * (something may be new for this feed), or null at `until` or when the client goes away.
 */
export function waitForDispatch(wait: FeedWait): Promise<Date | null> {
  if (wait.signal.aborted || Date.now() >= wait.until) return Promise.resolve(null);
  return new Promise((resolve) => {
    const key = keyOf(wait.tenantId, wait.mode);
    const waiter: Waiter = {
      seen: wait.seen.getTime(),
      finish: (newest) => {
        clearTimeout(deadline);
        wait.signal.removeEventListener("abort", gone);
        const set = poller.waiters.get(key);
        set?.delete(waiter);
        if (set?.size === 0) poller.waiters.delete(key);
        resolve(newest);
      },
    };
    const gone = () => waiter.finish(null);
    const deadline = setTimeout(gone, wait.until - Date.now());
    wait.signal.addEventListener("abort", gone, { once: true });
    let set = poller.waiters.get(key);
    if (!set) poller.waiters.set(key, (set = new Set()));
    set.add(waiter);
    schedule();
  });
}

/** For tests and metrics: the feeds waiting in this process, and the poller's statements so far. */
export function feedWaitsReading(): { waiting: number; polls: number } {
  let waiting = 0;
  for (const set of poller.waiters.values()) waiting += set.size;
  return { waiting, polls: poller.polls };
}

function schedule(): void {
  if (poller.timer || poller.polling || !poller.waiters.size) return;
  poller.timer = setTimeout(() => void poll(), POLL_MS);
  // A process with nothing else to do need not stay up for the feeds (each has its own deadline).
  poller.timer.unref();
}

async function poll(): Promise<void> {
  poller.timer = null;
  const keys = [...poller.waiters.keys()];
  if (!keys.length) return;
  poller.polling = true;
  poller.polls++;
  try {
    const tenants = keys.map((key) => key.slice(key.indexOf(":") + 1));
    const modes = keys.map((key) => key.slice(0, key.indexOf(":")));
    // Per waiting (tenant, mode), the newest settled dispatch: a backward step on the
    // (tenantId, mode, dispatchedAt) index each.
    const rows = await db.$queryRaw<{ tenantId: string; mode: string; newest: Date | null }[]>`
      SELECT w."tenantId", w."mode", (
        SELECT max(e."dispatchedAt") FROM "OutboxEvent" e
        WHERE e."tenantId" = w."tenantId" AND e."mode" = w."mode"::"ApiMode"
          AND e."dispatchedAt" < now() - make_interval(secs => ${SETTLED_SECONDS})
          AND e."eventName" <> ${TEST_EVENT_NAME}
      ) AS "newest"
      FROM unnest(${tenants}::text[], ${modes}::text[]) AS w("tenantId", "mode")`;
    for (const { tenantId, mode, newest } of rows) {
      if (!newest) continue;
      for (const waiter of [...(poller.waiters.get(keyOf(tenantId, mode)) ?? [])])
        if (newest.getTime() > waiter.seen) waiter.finish(newest);
    }
  } catch (error) {
    // The feeds keep waiting until their deadline; the next poll tries again.
    log.error("The sandbox event feeds' poll failed", error);
  } finally {
    poller.polling = false;
    schedule();
  }
}
