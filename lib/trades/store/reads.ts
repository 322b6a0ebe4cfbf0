// The reads behind every Trade the API answers with (Get trade details, Get trades and the
// serializer), as plain SQL on the client's own pool (lib/db/sql.ts): they are the API's most
// frequent queries, and Prisma's pipeline cost more CPU per query than the database's own work for
// these lookups (docs/performance.md).
//
// A Trade shows more than its row: the latest label of each shipping leg and both parties' service
// accounts. Each read gets them in the same statement, as lateral joins beside the trade's columns
// (one round trip for a detail, one for a whole page with its count), and splits them off into a
// TradeView. The rows come back with exactly the types of Prisma's own reads, which
// tests/integration/trade-reads.test.ts checks field by field, so a changed column shows there.
import type { ServiceAccount, ShipmentLabel, Trade } from "../../db/generated/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { LRUCache } from "lru-cache";
import { sqlArrays } from "../../db/sql.ts";
import { metrics } from "../../ops/metrics.ts";

export type Scope = { tenantId: string; mode: ApiMode };

const LABEL_FIELDS = [
  "id",
  "labelPricePayerMinor",
  "labelPricePayeeMinor",
  "labelCode",
  "labelPaidBy",
  "carrier",
  "trackingUrl",
] as const;
const ACCOUNT_FIELDS = ["id", "phoneNumber", "name", "city", "postalCode", "address"] as const;

/** What a Trade shows of a shipping leg: its latest label. */
export type LabelView = Pick<ShipmentLabel, (typeof LABEL_FIELDS)[number]>;
/** What a Trade shows of a party: their service account, and whether it can be paid out to. */
export type AccountView = Pick<ServiceAccount, (typeof ACCOUNT_FIELDS)[number]> & { hasPayoutAccount: boolean };

export interface TradeView {
  trade: Trade;
  delivery: LabelView | null;
  return: LabelView | null;
  payer: AccountView | null;
  payee: AccountView | null;
}

const PARTS = [
  { part: "delivery", fields: LABEL_FIELDS },
  { part: "return", fields: LABEL_FIELDS },
  { part: "payer", fields: [...ACCOUNT_FIELDS, "hasPayoutAccount"] },
  { part: "payee", fields: [...ACCOUNT_FIELDS, "hasPayoutAccount"] },
] as const;

/** The parts' columns, named "<part>.<field>" beside the trade's own (`t`). */
export const RELATED_COLUMNS = PARTS.flatMap(({ part, fields }) =>
  fields.map((f) => `"${part}"."${f}" AS "${part}.${f}"`),
).join(", ");

const latestLabel = (leg: "Delivery" | "Return", alias: string) => `
  LEFT JOIN LATERAL (
    SELECT ${LABEL_FIELDS.map((f) => `"${f}"`).join(", ")}, xmin AS "rowVersion" FROM "ShipmentLabel"
    WHERE "tenantId" = t."tenantId" AND "mode" = t."mode" AND "tradeId" = t."id" AND "leg" = '${leg}'
    ORDER BY "createdAt" DESC LIMIT 1) "${alias}" ON true`;

/** A user (`u`) and the service account it is connected to (`a`). */
const USER_ACCOUNT = `"MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId" AND a."tenantId" = u."tenantId"`;

// A party's account through their connection; an empty bank account number is no payout account.
const partyAccount = (column: string, alias: string) => `
  LEFT JOIN LATERAL (
    SELECT ${ACCOUNT_FIELDS.map((f) => `a."${f}"`).join(", ")},
      coalesce(a."bankAccountNumber", '') <> '' AS "hasPayoutAccount", u.xmin AS "userVersion", a.xmin AS "rowVersion"
    FROM ${USER_ACCOUNT}
    WHERE u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" = t."${column}") "${alias}" ON true`;

/** The joins that bring each trade `t` its parts (every lookup an index's: see schema.prisma). */
export const RELATED_JOINS = [
  latestLabel("Delivery", "delivery"),
  latestLabel("Return", "return"),
  partyAccount("payerMarketplaceUserId", "payer"),
  partyAccount("payeeMarketplaceUserId", "payee"),
].join("");

/**
 * Which row versions a trade's record is made of: the trade's, its labels' (LABEL_VERSIONS_JOIN,
 * which must be joined beside it) and each party's user and account rows' (`xmin`, the transaction
 * that wrote that version, and for labels their ids). A row version never changes once committed;
 * any update writes a new one with a new `xmin`, and a new label or another account changes the
 * ids. So two reads with the same stamp read the same data, and a record rendered from one serves
 * the other (lib/trades/rendered-trades.ts).
 */
export const ROW_VERSIONS = rowVersions(partyVersions("payer"), partyVersions("payee"));

/** ROW_VERSIONS with each party's part (partyVersions) given: a page reads its own user's once. */
function rowVersions(payer: string, payee: string) {
  // An absent part stays an empty field (concat_ws would drop it and shift the rest).
  return `concat_ws(':', t.xmin::text, coalesce("labelVersions"."versions", ''), ${payer}, ${payee})`;
}

/**
 * Every label of the trade `t` as "id.xmin", in id order (`"labelVersions"."versions"`): what a
 * record shows of its labels is each leg's latest, so any new, changed or removed label changes
 * it. One look into the trade's labels instead of one per leg.
 */
export const LABEL_VERSIONS_JOIN = `
  LEFT JOIN LATERAL (
    SELECT string_agg(l."id" || '.' || l.xmin::text, ',' ORDER BY l."id") AS "versions" FROM "ShipmentLabel" l
    WHERE l."tenantId" = t."tenantId" AND l."mode" = t."mode" AND l."tradeId" = t."id") "labelVersions" ON true`;

/** A party's user and account row versions as "user:account", each empty when absent. */
function partyVersions(alias: string) {
  return `coalesce("${alias}"."userVersion"::text, '') || ':' || coalesce("${alias}"."rowVersion"::text, '')`;
}

/** What a Trade shows besides its row. */
export type TradeParts = Omit<TradeView, "trade">;

/**
 * A row of a statement of its own that selects RELATED_COLUMNS beside a trade row `t` with
 * RELATED_JOINS (the transition's, apply-plan.ts), read as objects (lib/db/sql.ts
 * sql): split by the same reader as the joined reads below into the rest and the parts.
 */
export function splitParts<Rest>(row: Record<string, unknown>): { rest: Rest; parts: TradeParts } {
  const { trade, ...parts } = viewReader(Object.keys(row)).view(Object.values(row));
  return { rest: trade as unknown as Rest, parts };
}

/**
 * Reads joined rows (arrays, lib/db/sql.ts sqlArrays) as TradeViews: the columns without a dot are
 * the trade's, "<part>.<field>" its parts' (a part whose id is null is absent), anything else is
 * left for the caller (`extra`). Each object is built field by field in one order, so that all
 * share one shape; deleting the parts' keys from a row object made every trade slow to read.
 */
function viewReader(fields: string[]) {
  const tradeColumns: [number, string][] = [];
  const partColumns = new Map<string, [number, string][]>(PARTS.map(({ part }) => [part, []]));
  const extra = new Map<string, number>();
  fields.forEach((name, index) => {
    const dot = name.indexOf(".");
    const columns = dot < 0 ? undefined : partColumns.get(name.slice(0, dot));
    if (dot < 0) tradeColumns.push([index, name]);
    else if (columns) columns.push([index, name.slice(dot + 1)]);
    else extra.set(name, index);
  });
  const idIndex = tradeColumns.find(([, name]) => name === "id")?.[0] ?? -1;
  const build = (row: unknown[], columns: [number, string][]) => {
    const object: Record<string, unknown> = {};
    for (const [index, name] of columns) object[name] = row[index];
    return object;
  };
  return {
    view(row: unknown[]): TradeView {
      const view: Record<string, unknown> = { trade: build(row, tradeColumns) };
      for (const [part, columns] of partColumns) {
        const value = build(row, columns);
        view[part] = value.id === null ? null : value;
      }
      return view as unknown as TradeView;
    },
    extra: (row: unknown[], name: string) => row[extra.get(name)!],
    tradeId: (row: unknown[]) => row[idIndex] as string | null,
  };
}

// Each statement's text is built once, here: the registry of prepared statements (lib/db/sql.ts)
// finds a text by its value, which costs little for the same string and a full hash and comparison
// of several kilobytes for a text built afresh on each call.
const USER_TRADE = `SELECT t.*, ${RELATED_COLUMNS} FROM "Trade" t ${RELATED_JOINS}
  WHERE t."id" = $1 AND t."tenantId" = $2 AND t."mode" = $3::"ApiMode"
    AND ($4 = t."payerMarketplaceUserId" OR $4 = t."payeeMarketplaceUserId")`;

/** The trade with its parts, if this user is its payer or payee. */
export async function findUserTrade(
  scope: Scope,
  marketplaceUserId: string,
  tradeId: string,
): Promise<TradeView | null> {
  const { fields, rows } = await sqlArrays(USER_TRADE, [tradeId, scope.tenantId, scope.mode, marketplaceUserId]);
  return rows[0] ? viewReader(fields).view(rows[0]) : null;
}

const partsOf = (trades: string) => `SELECT t."id", ${RELATED_COLUMNS} FROM "Trade" t ${RELATED_JOINS}
  WHERE t."id" = ${trades} AND t."tenantId" = $2 AND t."mode" = $3::"ApiMode"`;
const PARTS_OF_ONE = partsOf("$1");
const PARTS_OF_SEVERAL = partsOf("ANY($1::text[])");

/** The parts of trades the caller already holds (after a transition), by trade id: one statement. */
export async function partsOfTrades(scope: Scope, tradeIds: string[]): Promise<Map<string, TradeParts>> {
  // One trade (the answer after a transition) by `=`: for `= ANY($1)` PostgreSQL's generic plan
  // expects several trades, so it would plan the statement afresh on every call.
  const [one] = tradeIds;
  const { fields, rows } = await sqlArrays(tradeIds.length === 1 ? PARTS_OF_ONE : PARTS_OF_SEVERAL, [
    tradeIds.length === 1 ? one : tradeIds,
    scope.tenantId,
    scope.mode,
  ]);
  const reader = viewReader(fields);
  return new Map(rows.map((row) => [row[0] as string, reader.view(row)]));
}

// The page and its count are written out for each combination of filters, rather than as one text
// with `($4 IS NULL OR …)`: prepared, PostgreSQL plans such a statement once for any values (a
// generic plan), and a generic plan of an optional filter must keep every branch — the state's
// EXISTS becomes a hash of every trade in that state. Without the optional branches the generic
// plan is the index range (docs/performance.md, "Why the trade's store is shaped as it is").
type Filters = { role?: "payer" | "payee"; state?: string };

/** The user's party entries, in the role and with trades in the state if asked ($4, $5 …). */
function userParties(filters: Filters): { where: string; values: (f: Filters) => unknown[] } {
  const conditions = [`p."tenantId" = $1`, `p."mode" = $2::"ApiMode"`, `p."marketplaceUserId" = $3`];
  const extra: ((f: Filters) => unknown)[] = [];
  if (filters.role) {
    extra.push((f) => f.role);
    conditions.push(`p."role" = $${3 + extra.length}::"TradeRole"`);
  }
  if (filters.state) {
    // The state filter needs the trade; without it the page reads the index alone.
    extra.push((f) => f.state);
    conditions.push(
      `EXISTS (SELECT 1 FROM "Trade" t WHERE t."id" = p."tradeId" AND t."state" = $${3 + extra.length}::"TradeState")`,
    );
  }
  return { where: `FROM "TradeParty" p WHERE ${conditions.join(" AND ")}`, values: (f) => extra.map((get) => get(f)) };
}

// A page's trades all have the page's user ($3) as one party: that user's versions are read once
// (PostgreSQL runs an uncorrelated subquery once per statement), and only the other party's per
// trade. The result is ROW_VERSIONS to the character (tests/integration/rendered-trades.test.ts).
const accountVersions = (where: string) => `
    SELECT u.xmin AS "userVersion", a.xmin AS "rowVersion" FROM ${USER_ACCOUNT} WHERE ${where}`;
const OWN_VERSIONS = `coalesce((SELECT ${partyVersions("own")} FROM (${accountVersions(
  `u."tenantId" = $1 AND u."mode" = $2::"ApiMode" AND u."marketplaceUserId" = $3`,
)}) "own"), ':')`;
const PAGE_ROW_VERSIONS = rowVersions(
  `CASE WHEN t."payerMarketplaceUserId" = $3 THEN ${OWN_VERSIONS} ELSE ${partyVersions("other")} END`,
  `CASE WHEN t."payeeMarketplaceUserId" = $3 THEN ${OWN_VERSIONS} ELSE ${partyVersions("other")} END`,
);
const PAGE_VERSION_JOINS = `${LABEL_VERSIONS_JOIN}
  LEFT JOIN LATERAL (${accountVersions(`u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" =
    CASE WHEN t."payerMarketplaceUserId" = $3 THEN t."payeeMarketplaceUserId" ELSE t."payerMarketplaceUserId" END`)}) "other" ON true`;

/**
 * The count and the page in one statement: the count's one row, with the page's rows beside it
 * (none when the page is past the end). The count comes from the counters TradeParty's triggers
 * keep (schema.prisma, TradePartyCount); with a state filter it must count the trades.
 *
 * Without a state filter the count's row also carries the counters' row versions
 * ("page.partiesVersion"): TradeParty rows are only ever inserted with their trade and removed with
 * it, and each insert or delete updates the user's counters in the same transaction, so while that
 * stamp is unchanged the user's entries are the same, and so is where each page begins. A page
 * read `from: "position"` starts at the entry recorded for it ($n+2, $n+3) instead of skipping the
 * entries before it (keyset paging: page 100 skipped 1,980 index entries); readPage checks the stamp.
 */
function pageStatement(filters: Filters, read: "records" | "rowVersions", from: "offset" | "position") {
  const parties = userParties(filters);
  const next = 4 + parties.values(filters).length;
  const count = filters.state
    ? `SELECT count(*) AS n, NULL::text AS "stamp" ${parties.where}`
    : `SELECT coalesce(sum("count"), 0)::bigint AS n, string_agg(xmin::text, ',' ORDER BY "role") AS "stamp"
       FROM "TradePartyCount" WHERE "tenantId" = $1 AND "mode" = $2::"ApiMode" AND "marketplaceUserId" = $3
       ${filters.role ? `AND "role" = $4::"TradeRole"` : ""}`;
  const start =
    from === "position" ? `AND (p."tradeCreatedAt", p."tradeId") <= ($${next + 2}::timestamp, $${next + 3})` : "";
  const text = `
    SELECT counted.n AS "page.totalCount", counted."stamp" AS "page.partiesVersion", v.* FROM (${count}) counted
    LEFT JOIN LATERAL (
      SELECT ${read === "records" ? `t.*, ${RELATED_COLUMNS}` : `t."id", ${PAGE_ROW_VERSIONS} AS "page.rowVersions"`},
        page."tradeCreatedAt" AS "page.createdAt" FROM (
        SELECT p."tradeId", p."tradeCreatedAt" ${parties.where} ${start}
        ORDER BY p."tradeCreatedAt" DESC, p."tradeId" DESC OFFSET $${next} LIMIT $${next + 1}) page
      JOIN "Trade" t ON t."id" = page."tradeId" AND t."tenantId" = $1 AND t."mode" = $2::"ApiMode"
      ${read === "records" ? RELATED_JOINS : PAGE_VERSION_JOINS}
    ) v ON true
    ORDER BY v."page.createdAt" DESC, v."id" DESC`;
  return { text, values: parties.values };
}

const PAGE_STATEMENTS = new Map<string, ReturnType<typeof pageStatement>>();

type Page = { offset: number; limit: number };

/** Where a page began, and the user's counters' row versions when it did (pageStatement). */
type PagePosition = { partiesVersion: string; createdAt: Date; tradeId: string };

// The pages after the first that this process has read, by user, filters and place. Small entries,
// bounded in number; one that no longer holds costs one statement more, once.
const POSITIONS_KEY = Symbol.for("escrow.pagePositions");
const positions = ((globalThis as { [POSITIONS_KEY]?: LRUCache<string, PagePosition> })[POSITIONS_KEY] ??= new LRUCache<
  string,
  PagePosition
>({ max: 20_000 }));

/**
 * Runs the page's statement that reads `read` of each trade (each text prepared once). A page
 * after the first starts from where it began last time when the user's entries are unchanged since
 * (the same partiesVersion); otherwise, or the first time, it skips the entries before it and
 * records where it begins.
 */
async function readPage(
  scope: Scope,
  marketplaceUserId: string,
  filters: Filters,
  page: Page,
  read: "records" | "rowVersions",
) {
  const positioned = !filters.state && page.offset > 0;
  const key = `${scope.tenantId}|${scope.mode}|${marketplaceUserId}|${filters.role ?? ""}|${page.offset}|${page.limit}`;
  const position = positioned ? positions.get(key) : undefined;
  if (position) {
    const result = await runPage(scope, marketplaceUserId, filters, { offset: 0, limit: page.limit }, read, position);
    const current = result.partiesVersion === position.partiesVersion;
    metrics().pagePositions.inc({ result: current ? "kept" : "stale" });
    if (current) return result;
  }
  const result = await runPage(scope, marketplaceUserId, filters, page, read);
  const [first] = result.rows;
  if (positioned && first && result.partiesVersion !== null) {
    positions.set(key, {
      partiesVersion: result.partiesVersion,
      createdAt: result.reader.extra(first, "page.createdAt") as Date,
      tradeId: result.reader.tradeId(first)!,
    });
  }
  return result;
}

async function runPage(
  scope: Scope,
  marketplaceUserId: string,
  filters: Filters,
  page: Page,
  read: "records" | "rowVersions",
  position?: PagePosition,
) {
  const from = position ? "position" : "offset";
  const shape = `${read}|${from}|${filters.role ?? ""}|${filters.state ? "state" : ""}`;
  let statement = PAGE_STATEMENTS.get(shape);
  if (!statement) PAGE_STATEMENTS.set(shape, (statement = pageStatement(filters, read, from)));
  const { fields, rows } = await sqlArrays(statement.text, [
    scope.tenantId,
    scope.mode,
    marketplaceUserId,
    ...statement.values(filters),
    page.offset,
    page.limit,
    ...(position ? [position.createdAt.toISOString(), position.tradeId] : []),
  ]);
  const reader = viewReader(fields);
  const totalCount = rows[0] ? Number(reader.extra(rows[0], "page.totalCount")) : 0;
  const partiesVersion = rows[0] ? ((reader.extra(rows[0], "page.partiesVersion") as string | null) ?? null) : null;
  // Past the end the count's row comes alone, its trade columns null.
  return { reader, totalCount, partiesVersion, rows: rows.filter((row) => reader.tradeId(row) !== null) };
}

/** One page of a user's trades with their parts, newest first, and how many there are: one statement. */
export async function userTradePage(
  scope: Scope,
  marketplaceUserId: string,
  filters: Filters,
  page: Page,
): Promise<{ totalCount: number; trades: TradeView[] }> {
  const { reader, totalCount, rows } = await readPage(scope, marketplaceUserId, filters, page, "records");
  return { totalCount, trades: rows.map((row) => reader.view(row)) };
}

/**
 * The same page as userTradePage, but only each trade's id and the row versions its record is made
 * of (ROW_VERSIONS): what a page served from rendered records needs to know which are current.
 */
export async function userTradePageVersions(
  scope: Scope,
  marketplaceUserId: string,
  filters: Filters,
  page: Page,
): Promise<{ totalCount: number; trades: { id: string; rowVersions: string }[] }> {
  const { reader, totalCount, rows } = await readPage(scope, marketplaceUserId, filters, page, "rowVersions");
  return {
    totalCount,
    trades: rows.map((row) => ({
      id: reader.tradeId(row)!,
      rowVersions: String(reader.extra(row, "page.rowVersions")),
    })),
  };
}

// Each id looked up by the primary key: with `t."id" = ANY($1)` beside the tenant and mode, a
// small table's planner may prefer an index that begins with them and filter its whole range.
const TRADES_WITH_ROW_VERSIONS = `SELECT t.*, ${RELATED_COLUMNS}, ${ROW_VERSIONS} AS "page.rowVersions"
  FROM unnest($1::text[]) ids("id") JOIN "Trade" t ON t."id" = ids."id" ${RELATED_JOINS}${LABEL_VERSIONS_JOIN}
  WHERE t."tenantId" = $2 AND t."mode" = $3::"ApiMode"`;

/** Trades with their parts and the row versions they were read at, by id: one statement. */
export async function tradesWithRowVersions(
  scope: Scope,
  tradeIds: string[],
): Promise<{ view: TradeView; rowVersions: string }[]> {
  const { fields, rows } = await sqlArrays(TRADES_WITH_ROW_VERSIONS, [tradeIds, scope.tenantId, scope.mode]);
  const reader = viewReader(fields);
  return rows.map((row) => ({ view: reader.view(row), rowVersions: String(reader.extra(row, "page.rowVersions")) }));
}
