// GET /v1/sandbox/events/feed: the tenant's test-mode events in the order the webhook worker
// dispatched them, for `npm run cli -- listen` (scripts/listen.ts), which forwards them to a
// developer's laptop that webhooks cannot reach.
//
// The order is the worker's dispatch time (events dispatched together in the order they
// happened: createdAt, then the trade's sequence), with the id last to make it total. An event becomes
// visible only once it is a second old: a dispatch that started earlier but committed later
// would otherwise appear behind a cursor that had already moved past it. A second is far longer
// than that one statement takes, and a developer does not notice it.
//
// A feed with nothing new waits on the process's one poller (feed-waits.ts) outside the tenant's
// share of the server, and reads again only when its tenant has something new; it stops when its
// client goes away. At most a few feeds of one token are open at once (open-feeds.ts).
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { TEST_EVENT_NAME } from "../webhooks/event-names.ts";
import { formatCursor, parseCursor, type FeedPosition } from "./feed-cursor.ts";
import { SETTLED_SECONDS, waitForDispatch } from "./feed-waits.ts";
import { openFeed } from "./open-feeds.ts";

const BATCH = 100;

interface FeedRow {
  id: string;
  eventName: string;
  tradeId: string | null;
  payload: Record<string, unknown>;
  dispatchedAt: Date;
  createdAt: Date;
  sequence: number;
}

export interface FeedContext extends TenantContext {
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** Runs a wait that holds no database connection outside the tenant's share of the server. */
  idle: <T>(wait: () => Promise<T>) => Promise<T>;
}

export async function readEventFeed(
  context: FeedContext,
  query: { cursor?: string; waitSeconds: number; events: string[] },
) {
  const from = query.cursor ? parseCursor(query.cursor) : null;
  const close = openFeed(context.tokenId);
  try {
    let position = from ?? (await startingNow());
    const until = Date.now() + query.waitSeconds * 1000;
    let seen = position.at;
    for (;;) {
      const rows = await eventsAfter(context, position, query.events);
      const last = rows.at(-1);
      if (last) position = { at: last.dispatchedAt, createdAt: last.createdAt, sequence: last.sequence, id: last.id };
      if (rows.length || Date.now() >= until || context.signal.aborted) return answer(rows, position);
      const newest = await context.idle(() =>
        waitForDispatch({ tenantId: context.tenant.id, mode: context.mode, seen, signal: context.signal, until }),
      );
      // Past the deadline, or no one is listening any more: nothing new was dispatched meanwhile.
      if (!newest) return answer([], position);
      seen = newest;
    }
  } finally {
    close();
  }
}

function eventsAfter(context: TenantContext, position: FeedPosition, events: string[]): Promise<FeedRow[]> {
  return db.$queryRaw<FeedRow[]>`
    SELECT "id", "eventName", "tradeId", "payload", "dispatchedAt", "createdAt", "sequence" FROM "OutboxEvent"
    WHERE "tenantId" = ${context.tenant.id} AND "mode" = ${context.mode}::"ApiMode"
      AND "dispatchedAt" IS NOT NULL AND "dispatchedAt" < now() - make_interval(secs => ${SETTLED_SECONDS})
      AND ("dispatchedAt", "createdAt", "sequence", "id") > (${position.at}, ${position.createdAt}, ${position.sequence}, ${position.id})
      AND "eventName" <> ${TEST_EVENT_NAME}
      AND (cardinality(${events}::text[]) = 0 OR "eventName" = ANY(${events}::text[]))
    ORDER BY "dispatchedAt", "createdAt", "sequence", "id" LIMIT ${BATCH}`;
}

const answer = (rows: FeedRow[], position: FeedPosition) => ({
  events: rows.map(({ id, eventName, tradeId, payload }) => ({ id, eventName, tradeId, payload })),
  cursor: formatCursor(position),
});

/** From now on: every event dispatched from now, once settled. */
async function startingNow(): Promise<FeedPosition> {
  const [row] = await db.$queryRaw<{ at: Date }[]>`SELECT now() - make_interval(secs => ${SETTLED_SECONDS}) AS at`;
  return { at: row!.at, createdAt: new Date(0), sequence: -1, id: "" };
}
