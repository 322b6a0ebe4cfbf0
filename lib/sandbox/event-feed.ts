// GET /v1/sandbox/events/feed: the tenant's test-mode events in the order the webhook worker
// dispatched them, for `npm run cli -- listen` (scripts/listen.ts), which forwards them to a
// developer's laptop that webhooks cannot reach.
//
// The order is the worker's dispatch time (events dispatched together in the order they
// happened: createdAt, then the trade's sequence), with the id last to make it total. An event becomes
// visible only once it is a second old: a dispatch that started earlier but committed later
// would otherwise appear behind a cursor that had already moved past it. A second is far longer
// than that one statement takes, and a developer does not notice it.
import { ApiError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { TEST_EVENT_NAME } from "../webhooks/event-names.ts";

const SETTLED_MS = 1_000;
const POLL_MS = 500;
const BATCH = 100;

interface Position {
  at: Date;
  createdAt: Date;
  sequence: number;
  id: string;
}

interface FeedRow {
  id: string;
  eventName: string;
  tradeId: string | null;
  payload: Record<string, unknown>;
  dispatchedAt: Date;
  createdAt: Date;
  sequence: number;
}

export async function readEventFeed(
  context: TenantContext & { signal: AbortSignal },
  query: { cursor?: string; waitSeconds: number; events: string[] },
) {
  let position = query.cursor ? parseCursor(query.cursor) : await startingNow();
  const deadline = Date.now() + query.waitSeconds * 1000;
  for (;;) {
    const rows = await db.$queryRaw<FeedRow[]>`
      SELECT "id", "eventName", "tradeId", "payload", "dispatchedAt", "createdAt", "sequence" FROM "OutboxEvent"
      WHERE "tenantId" = ${context.tenant.id} AND "mode" = ${context.mode}::"ApiMode"
        AND "dispatchedAt" IS NOT NULL AND "dispatchedAt" < now() - make_interval(secs => ${SETTLED_MS / 1000})
        AND ("dispatchedAt", "createdAt", "sequence", "id") > (${position.at}, ${position.createdAt}, ${position.sequence}, ${position.id})
        AND "eventName" <> ${TEST_EVENT_NAME}
        AND (cardinality(${query.events}::text[]) = 0 OR "eventName" = ANY(${query.events}::text[]))
      ORDER BY "dispatchedAt", "createdAt", "sequence", "id" LIMIT ${BATCH}`;
    const last = rows.at(-1);
    if (last) position = { at: last.dispatchedAt, createdAt: last.createdAt, sequence: last.sequence, id: last.id };
    if (rows.length || Date.now() + POLL_MS > deadline || context.signal.aborted) {
      return {
        events: rows.map(({ id, eventName, tradeId, payload }) => ({ id, eventName, tradeId, payload })),
        cursor: formatCursor(position),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** From now on: every event dispatched from now, once settled. */
async function startingNow(): Promise<Position> {
  const [row] = await db.$queryRaw<{ at: Date }[]>`SELECT now() - make_interval(secs => ${SETTLED_MS / 1000}) AS at`;
  return { at: row!.at, createdAt: new Date(0), sequence: -1, id: "" };
}

const formatCursor = (p: Position) =>
  Buffer.from([p.at.toISOString(), p.createdAt.toISOString(), p.sequence, p.id].join("|")).toString("base64url");

function parseCursor(cursor: string): Position {
  const parts = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const [at, createdAt, sequence, id] = [
    new Date(parts[0] ?? ""),
    new Date(parts[1] ?? ""),
    Number(parts[2]),
    parts[3],
  ];
  if (
    parts.length !== 4 ||
    id === undefined ||
    Number.isNaN(at.getTime()) ||
    Number.isNaN(createdAt.getTime()) ||
    !Number.isInteger(sequence)
  ) {
    throw ApiError.field(
      "cursor",
      "Not a cursor this feed gave out: pass the `cursor` of the previous answer, or none.",
    );
  }
  return { at, createdAt, sequence, id };
}
