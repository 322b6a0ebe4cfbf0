// The baseline's reads (scripts/bench/baseline-server.ts): Get trade details and Get trades with the
// service's SQL, on the baseline's pool.
import type pg from "pg";

type Caller = { tenantId: string; mode: string };
type Reply = { status: number; body: unknown };

// The service's Trade read (lib/trades/store/reads.ts): the trade with the latest label of each leg
// and both parties' service accounts, as lateral joins in the same statement.
const LABEL = (leg: string, alias: string) => `LEFT JOIN LATERAL (SELECT "id", "labelPricePayerMinor",
  "labelPricePayeeMinor", "labelCode", "labelPaidBy", "carrier", "trackingUrl" FROM "ShipmentLabel" WHERE "tenantId" =
  t."tenantId" AND "mode" = t."mode" AND "tradeId" = t."id" AND "leg" = '${leg}' ORDER BY "createdAt" DESC LIMIT 1)
  ${alias} ON true`;
const ACCOUNT = (column: string, alias: string) => `LEFT JOIN LATERAL (SELECT a."id", a."phoneNumber", a."name",
  a."city", a."postalCode", a."address", coalesce(a."bankAccountNumber", '') <> '' AS "hasPayoutAccount" FROM
  "MarketplaceUser" u JOIN "ServiceAccount" a ON a."id" = u."serviceAccountId" AND a."tenantId" = u."tenantId" WHERE
  u."tenantId" = t."tenantId" AND u."mode" = t."mode" AND u."marketplaceUserId" = t."${column}") ${alias} ON true`;
const RELATED = `${LABEL("Delivery", "d")} ${LABEL("Return", "r")} ${ACCOUNT("payerMarketplaceUserId", "pa")}
  ${ACCOUNT("payeeMarketplaceUserId", "pe")}`;
const LABEL_COLUMNS = [
  "id",
  "labelPricePayerMinor",
  "labelPricePayeeMinor",
  "labelCode",
  "labelPaidBy",
  "carrier",
  "trackingUrl",
];
const ACCOUNT_COLUMNS = ["id", "phoneNumber", "name", "city", "postalCode", "address", "hasPayoutAccount"];
const RELATED_COLUMNS = [
  ...LABEL_COLUMNS.flatMap((c) => [`d."${c}" AS "delivery.${c}"`, `r."${c}" AS "return.${c}"`]),
  ...ACCOUNT_COLUMNS.flatMap((c) => [`pa."${c}" AS "payer.${c}"`, `pe."${c}" AS "payee.${c}"`]),
].join(", ");

const pageSql = (from: "offset" | "position") =>
  `SELECT counted.n AS "totalCount", counted."stamp", v.* FROM (SELECT coalesce(sum("count"), 0)::int AS n,
      string_agg(xmin::text, ',' ORDER BY "role") AS "stamp" FROM "TradePartyCount"
      WHERE "tenantId" = $1 AND "mode" = $2 AND "marketplaceUserId" = $3) counted
     LEFT JOIN LATERAL (SELECT t.*, ${RELATED_COLUMNS}, page."tradeCreatedAt" AS "pageCreatedAt" FROM (SELECT "tradeId",
       "tradeCreatedAt" FROM "TradeParty" WHERE "tenantId" = $1 AND "mode" = $2 AND "marketplaceUserId" = $3
       ${from === "position" ? `AND ("tradeCreatedAt", "tradeId") <= ($6::timestamp, $7)` : ""}
       ORDER BY "tradeCreatedAt" DESC, "tradeId" DESC OFFSET $4 LIMIT $5) page
       JOIN "Trade" t ON t."id" = page."tradeId" AND t."tenantId" = $1 AND t."mode" = $2 ${RELATED}) v ON true
     ORDER BY v."pageCreatedAt" DESC, v."id" DESC`;
const PAGE_FROM_OFFSET = pageSql("offset");
const PAGE_FROM_POSITION = pageSql("position");

export function baselineReads(pool: pg.Pool) {
  // Where each page after the first began, under the user's counters' row versions: the service's
  // keyset paging under page numbers (lib/trades/store/reads.ts, readPage), the same SQL.
  // The Date goes back as it came: pg reads and writes a timestamp without time zone in local time.
  const positions = new Map<string, { stamp: string; createdAt: Date; tradeId: string }>();

  async function tradeDetails(auth: Caller, user: string, tradeId: string): Promise<Reply> {
    const { rows } = await pool.query(
      `SELECT t.*, ${RELATED_COLUMNS} FROM "Trade" t ${RELATED} WHERE t."id" = $1 AND t."tenantId" = $2 AND t."mode" = $3
        AND (t."payerMarketplaceUserId" = $4 OR t."payeeMarketplaceUserId" = $4)`,
      [tradeId, auth.tenantId, auth.mode, user],
    );
    if (!rows[0]) return { status: 404, body: { typeCode: "not-found" } };
    // The journey reads the delivery label's id where the service's Trade has it.
    return { status: 200, body: { ...rows[0], phases: { delivery: { labelId: rows[0]["delivery.id"] ?? "" } } } };
  }

  async function trades(auth: Caller, user: string, url: URL): Promise<Reply> {
    const page = Number(url.searchParams.get("page") ?? 1);
    const pageSize = Number(url.searchParams.get("pageSize") ?? 20);
    // The service's page: the count from the counters TradeParty's triggers keep, with the index
    // range of the user's party rows joined with the trades and their parts beside it.
    const key = `${auth.tenantId}|${auth.mode}|${user}|${page}|${pageSize}`;
    const position = page > 1 ? positions.get(key) : undefined;
    let rows: Record<string, unknown>[] | undefined;
    if (position) {
      const result = await pool.query(PAGE_FROM_POSITION, [
        auth.tenantId,
        auth.mode,
        user,
        0,
        pageSize,
        position.createdAt,
        position.tradeId,
      ]);
      if (result.rows[0]?.stamp === position.stamp) rows = result.rows;
    }
    if (!rows) {
      rows = (await pool.query(PAGE_FROM_OFFSET, [auth.tenantId, auth.mode, user, (page - 1) * pageSize, pageSize]))
        .rows;
      const first = rows[0];
      if (page > 1 && first?.id && first.stamp) {
        positions.set(key, {
          stamp: String(first.stamp),
          createdAt: first.pageCreatedAt as Date,
          tradeId: String(first.id),
        });
      }
    }
    const trades = rows.filter((row) => row.id !== null);
    return { status: 200, body: { trades, pagination: { page, pageSize, totalCount: rows[0]?.totalCount ?? 0 } } };
  }

  return { tradeDetails, trades };
}
