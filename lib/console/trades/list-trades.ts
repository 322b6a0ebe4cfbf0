// The console's trades list: one tenant's trades of one mode, searched, filtered, sorted and paged
// on the server. Built to stay fast at 100,000+ trades per tenant (docs/console.md):
// - paging is keyset paging on (sort column, id), walked along the indexes
//   (tenantId, mode, createdAt, id) and (tenantId, mode, amountMinor, id): a deep page costs what
//   the first does, where OFFSET would read every row before it;
// - search finds a trade by its id or reference id, a marketplace user id of either party (btree
//   indexes) or words of its title (a pg_trgm GIN index, so ILIKE '%words%' does not scan the
//   table);
// - the count stops at COUNT_CAP: past that the list says "more than 10,000", as dashboards do,
//   instead of counting every row on every page.
// - a search whose matches are few (at most FEW_MATCHES, known from the count) reads exactly its
//   matches and sorts them, instead of leaving that choice to the planner: PostgreSQL estimates
//   ILIKE '%word%' from a sample of titles, and when the sample happens to hold the rare word it
//   guesses 1% of the table and walks the sort index, reading 1,000 rows for every match.
// Two queries per request: in parallel, or the count first when searching. Raw SQL because Prisma
// cannot express the row comparison that lets PostgreSQL start a page inside the index.
import { db } from "../../db/client.ts";
import { staleRead } from "../../db/read-target.ts";
import { Prisma } from "../../db/generated/client.ts";
import { decimalToString, parseDecimal, toScaledInteger } from "../../money/decimal.ts";
import { unsafeInputProblems } from "../../schemas/validation.ts";
import { PHASE_OF, type TradeState } from "../../trades/states.ts";
import { statesOf, type TradeFilterValues } from "./trade-filters.ts";

export const COUNT_CAP = 10_000;
/** Up to this many matches, a search reads all of them and sorts them (a bounded amount of work). */
export const FEW_MATCHES = 2_000;

interface Row {
  id: string;
  referenceId: string | null;
  title: string;
  state: TradeState;
  amountMinor: bigint;
  payerTotalMinor: bigint;
  currency: string;
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
  createdAt: Date;
  mode: "test" | "live";
}

/** A position in the list: the sort value and id of a row, opaque to the browser. */
interface Cursor {
  value: string;
  id: string;
}

export const encodeCursor = (
  row: Pick<Row, "id" | "createdAt" | "amountMinor">,
  sort: TradeFilterValues["sort"],
): string =>
  Buffer.from(
    JSON.stringify([sort === "amount" ? row.amountMinor.toString() : row.createdAt.toISOString(), row.id]),
  ).toString("base64url");

function decodeCursor(text: string | undefined, sort: TradeFilterValues["sort"]): Cursor | undefined {
  if (!text) return undefined;
  try {
    const [value, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof value !== "string" || typeof id !== "string" || id.length > 64) return undefined;
    // Only what encodeCursor writes: anything else (a time PostgreSQL reads otherwise or not at
    // all, an amount past bigint, a NUL in the id) would fail the query instead of starting at the top.
    if (unsafeInputProblems(id).length || !(sort === "amount" ? isMinorAmount(value) : isOurTime(value)))
      return undefined;
    return { value, id };
  } catch {
    return undefined; // a cursor that does not parse starts at the top, like any bad filter
  }
}

const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const isMinorAmount = (value: string) =>
  /^-?\d{1,19}$/.test(value) && BigInt(value) >= INT64.min && BigInt(value) <= INT64.max;
/** A UTC time as toISOString writes it, within the years both JavaScript and PostgreSQL read alike. */
const isOurTime = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) &&
  value >= "1970" &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString() === value;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Everything but the position: shared by the page and the count. */
function filterSql(tenantId: string, filters: TradeFilterValues): Prisma.Sql {
  const mode = Prisma.sql`${filters.mode}::"ApiMode"`;
  const parts: Prisma.Sql[] = [Prisma.sql`t."tenantId" = ${tenantId}`, Prisma.sql`t."mode" = ${mode}`];
  const states = statesOf(filters);
  if (states) parts.push(Prisma.sql`t."state" = ANY(${states}::"TradeState"[])`);
  if (filters.from) parts.push(Prisma.sql`t."createdAt" >= ${`${filters.from} 00:00:00`}::timestamp`);
  if (filters.to) parts.push(Prisma.sql`t."createdAt" < (${`${filters.to} 00:00:00`}::timestamp + interval '1 day')`);
  if (filters.min) parts.push(Prisma.sql`t."amountMinor" >= ${toScaledInteger(parseDecimal(filters.min), 2)}`);
  if (filters.max) parts.push(Prisma.sql`t."amountMinor" <= ${toScaledInteger(parseDecimal(filters.max), 2)}`);
  if (filters.q) {
    // One OR over columns of the trade itself, so that PostgreSQL can choose per search: a bitmap
    // OR of the indexes when few trades match (a user id, a rare word), or walking the sort index
    // and stopping at a page of matches when many do (a common word, a seller with 10,000 trades).
    const q = filters.q;
    parts.push(
      Prisma.sql`(t."id" = ${q.toLowerCase()} OR t."referenceId" = ${q} OR t."payerMarketplaceUserId" = ${q} OR
        t."payeeMarketplaceUserId" = ${q} OR t."title" ILIKE ${`%${escapeLike(q)}%`})`,
    );
  }
  return Prisma.join(parts, " AND ");
}

/**
 * The page and the count as SQL (tests EXPLAIN them to prove they stay on the indexes). The page
 * takes the count of matches when it is known: a search with few of them reads them all first.
 */
export function tradeListQueries(tenantId: string, filters: TradeFilterValues) {
  const column = filters.sort === "amount" ? Prisma.raw(`t."amountMinor"`) : Prisma.raw(`t."createdAt"`);
  const after = decodeCursor(filters.after, filters.sort);
  const before = after ? undefined : decodeCursor(filters.before, filters.sort);
  // Going back walks the index the other way and turns the rows round afterwards.
  const backwards = Boolean(before);
  const descending = (filters.dir === "desc") !== backwards;
  const cursor = after ?? before;
  const cursorValue =
    cursor &&
    (filters.sort === "amount"
      ? Prisma.sql`${BigInt(cursor.value)}`
      : Prisma.sql`${cursor.value.replace("T", " ").replace("Z", "")}::timestamp`);
  const position = cursor
    ? Prisma.sql`AND (${column}, t."id") ${Prisma.raw(descending ? "<" : ">")} (${cursorValue}, ${cursor.id})`
    : Prisma.empty;
  const order = Prisma.raw(descending ? "DESC" : "ASC");
  const where = filterSql(tenantId, filters);
  const columns = Prisma.sql`t."id", t."referenceId", t."title", t."state"::text AS "state", t."amountMinor", t."payerTotalMinor", t."currency",
             t."payerMarketplaceUserId", t."payeeMarketplaceUserId", t."createdAt", t."mode"::text AS "mode"`;
  return {
    after,
    backwards,
    page: (matches?: number) =>
      filters.q && matches !== undefined && matches <= FEW_MATCHES
        ? // MATERIALIZED keeps the ORDER BY … LIMIT out of the matching: the bitmap of the
          // search's indexes finds the matches, then at most FEW_MATCHES rows are sorted.
          Prisma.sql`
      WITH matches AS MATERIALIZED (SELECT ${columns} FROM "Trade" t WHERE ${where})
      SELECT "id", "referenceId", "title", "state", "amountMinor", "payerTotalMinor", "currency",
            "payerMarketplaceUserId", "payeeMarketplaceUserId", "createdAt", "mode"
      FROM matches t
      WHERE true ${position}
      ORDER BY ${column} ${order}, t."id" ${order}
      LIMIT ${filters.pageSize + 1}`
        : Prisma.sql`
      SELECT ${columns}
      FROM "Trade" t
      WHERE ${where} ${position}
      ORDER BY ${column} ${order}, t."id" ${order}
      LIMIT ${filters.pageSize + 1}`,
    count: Prisma.sql`SELECT count(*) AS "count" FROM (SELECT 1 FROM "Trade" t WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped`,
  };
}

export async function listTrades(tenantId: string, filters: TradeFilterValues) {
  const { page: pageSql, count: countSql, after, backwards } = tradeListQueries(tenantId, filters);
  const count = async () => Number((await db.$queryRaw<{ count: bigint }[]>(countSql))[0]?.count ?? 0);
  // A list staff look at: a replica's, within the lag bound (lib/db/read-target.ts).
  const { rows, totalCount } = await staleRead("console-list", tenantId, async () => {
    if (filters.q) {
      const totalCount = await count();
      return { totalCount, rows: await db.$queryRaw<Row[]>(pageSql(totalCount)) };
    }
    const [rows, totalCount] = await Promise.all([db.$queryRaw<Row[]>(pageSql()), count()]);
    return { rows, totalCount };
  });

  const more = rows.length > filters.pageSize;
  const page = rows.slice(0, filters.pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  // Whether there is a page before this one: we came forward from somewhere, or going back found
  // more rows than fit.
  const hasPrevious = backwards ? more : Boolean(after);
  const hasNext = backwards ? true : more;

  return {
    trades: page.map((t) => ({
      tradeId: t.id,
      referenceId: t.referenceId,
      title: t.title,
      state: t.state,
      phase: PHASE_OF[t.state],
      amount: decimalToString({ units: t.amountMinor, scale: 2 }),
      payerTotal: decimalToString({ units: t.payerTotalMinor, scale: 2 }),
      currency: t.currency,
      payer: t.payerMarketplaceUserId,
      payee: t.payeeMarketplaceUserId,
      createdAt: t.createdAt.toISOString(),
      mode: t.mode,
    })),
    pagination: {
      pageSize: filters.pageSize,
      totalCount: Math.min(totalCount, COUNT_CAP),
      moreThanCount: totalCount > COUNT_CAP,
      next: hasNext && last ? encodeCursor(last, filters.sort) : null,
      previous: hasPrevious && first ? encodeCursor(first, filters.sort) : null,
    },
  };
}

export type TradeListPage = Awaited<ReturnType<typeof listTrades>>;
