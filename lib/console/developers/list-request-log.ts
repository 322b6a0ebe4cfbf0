// The tenant's request log: one line per call to the v1 API (written by lib/api/route.ts), newest
// first, filtered on the server and paged by cursor on the (tenantId, mode, createdAt, id) index.
// Each line names the token it came with (by name and prefix, never the token).
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import type { Prisma } from "../../db/generated/client.ts";
import { decodeCursor, encodeCursor, type RequestLogFilterValues } from "./request-log-filters.ts";

const MAX_ID = 9_223_372_036_854_775_807n;
const STATUS_RANGE = { "2xx": [200, 300], "4xx": [400, 500], "5xx": [500, 600] } as const;

export function requestLogWhere(tenantId: string, filters: RequestLogFilterValues): Prisma.ApiRequestLogWhereInput {
  const where: Prisma.ApiRequestLogWhereInput = { tenantId, mode: filters.mode };
  if (filters.status) where.status = { gte: STATUS_RANGE[filters.status][0], lt: STATUS_RANGE[filters.status][1] };
  if (filters.method) where.method = filters.method;
  if (filters.path) where.path = { contains: filters.path, mode: "insensitive" };
  if (filters.correlationId) where.correlationId = filters.correlationId;
  return where;
}

type Row = Prisma.ApiRequestLogGetPayload<object>;

async function tokensOf(tenantId: string, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.tokenId).filter((id): id is string => !!id))];
  if (!ids.length) return new Map<string, { name: string; prefix: string; revoked: boolean }>();
  const tokens = await db.apiToken.findMany({
    where: { tenantId, id: { in: ids } },
    select: { id: true, name: true, prefix: true, revokedAt: true },
  });
  return new Map(tokens.map((t) => [t.id, { name: t.name, prefix: t.prefix, revoked: t.revokedAt !== null }]));
}

function view(row: Row, tokens: Awaited<ReturnType<typeof tokensOf>>) {
  return {
    entryId: row.id.toString(),
    method: row.method,
    path: row.path,
    status: row.status,
    typeCode: row.typeCode,
    durationMs: row.durationMs,
    correlationId: row.correlationId,
    mode: row.mode,
    token: row.tokenId
      ? { tokenId: row.tokenId, ...(tokens.get(row.tokenId) ?? { name: "Deleted key", prefix: "", revoked: true }) }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type RequestLogEntry = ReturnType<typeof view>;

/** A page of the tenant's request log: a replica's, within the lag bound (lib/db/read-target.ts). */
export function listRequestLog(tenantId: string, filters: RequestLogFilterValues) {
  return staleRead("request-log", tenantId, () => readRequestLogPage(tenantId, filters));
}

async function readRequestLogPage(tenantId: string, filters: RequestLogFilterValues) {
  const where = requestLogWhere(tenantId, filters);
  const take = filters.pageSize + 1;
  let rows: Row[];
  let hasNewer: boolean;
  let hasOlder: boolean;
  if (filters.newer) {
    // The page just after the cursor: read upwards, then show newest first.
    const { createdAt, id } = decodeCursor(filters.newer);
    const found = await db.apiRequestLog.findMany({
      where: {
        AND: [where, { createdAt: { gte: createdAt } }, { OR: [{ createdAt: { gt: createdAt } }, { id: { gt: id } }] }],
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take,
    });
    // Back at the top: the first page, full, rather than a short one.
    if (found.length <= filters.pageSize)
      return readRequestLogPage(tenantId, { ...filters, newer: undefined, older: undefined });
    hasNewer = true;
    hasOlder = true;
    rows = found.slice(0, filters.pageSize).reverse();
  } else {
    const cursor = filters.older ? decodeCursor(filters.older) : null;
    const keyset: Prisma.ApiRequestLogWhereInput[] = cursor
      ? [
          { createdAt: { lte: cursor.createdAt } },
          { OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }] },
        ]
      : [];
    const found = await db.apiRequestLog.findMany({
      where: { AND: [where, ...keyset] },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take,
    });
    hasNewer = cursor !== null;
    hasOlder = found.length > filters.pageSize;
    rows = found.slice(0, filters.pageSize);
  }
  const tokens = await tokensOf(tenantId, rows);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    entries: rows.map((row) => view(row, tokens)),
    newerCursor: hasNewer && first ? encodeCursor(first.createdAt, first.id) : null,
    olderCursor: hasOlder && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export type RequestLogPage = Awaited<ReturnType<typeof listRequestLog>>;

/** One entry of the tenant's log, or null (also for another tenant's entry). */
export async function loadRequestLogEntry(tenantId: string, entryId: string): Promise<RequestLogEntry | null> {
  if (!/^\d{1,19}$/.test(entryId) || BigInt(entryId) > MAX_ID) return null;
  const row = await db.apiRequestLog.findFirst({ where: { id: BigInt(entryId), tenantId } });
  return row ? view(row, await tokensOf(tenantId, [row])) : null;
}
