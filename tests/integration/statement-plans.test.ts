// Every statement a trade's life sends reads through an index it can seek in (docs/contributing.md,
// The database: an index for every lookup). The statements are recorded as the journey runs, then
// each is explained with the values it ran with and sequential scans turned off, so that a table
// too small to bother with an index in a test does not hide a missing one: a Seq Scan left in the
// plan means no index applies, and an index scan whose condition leaves out one of the index's
// leading columns reads the whole index, or the whole range before the gap. Both were real: the
// escrow payment and a label waiting for its payment were looked up by trade alone, while their
// indexes begin with the tenant and mode (every payment read per call, 1–3 ms on a few thousand
// rows, growing with the table), and the console's trade page named the tenant but not the mode. A
// page (a LIMIT) sorted after its index read means the index does not give the order asked: the
// trades list's index had the trade id ascending where the page orders it descending.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTrades } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/route.ts";
import { flushRequestLog } from "../../lib/api/write-request-log.ts";
import { loadTradeForConsole } from "../../lib/console/trades/load-trade.ts";
import { callRoute } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { freshTenant } from "../helpers/tenants.ts";

type Recorded = { text: string; values: unknown[] };
// Every call, not one per text: the plan depends on the values (a payout's transfer refunds
// nothing and PostgreSQL drops the refund's scan; a cancellation's refunds the payer).
const recorded: Recorded[] = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;

beforeAll(() => {
  // Both Prisma's adapter and lib/db/sql.ts send their statements through pg's Client.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
    const text = typeof config === "string" ? config : config?.text;
    const params = (typeof config === "string" ? values : (config?.values ?? values)) as unknown[] | undefined;
    if (recording && text) recorded.push({ text, values: params ?? [] });
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
});
afterAll(() => {
  pg.Client.prototype.query = originalQuery;
});

const tradeBody = {
  title: "Armchair",
  description: "Green velvet armchair",
  amount: 1200,
  payerFee: 3,
  payeeFee: 5,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/cancel",
  shipping: { paidBy: "Payer", price: 49, expectedMaxWeight: 8000 },
};

/** The README journey to the payout, the console's page of it, two cancelled trades (unpaid, refunded) and the trades list. */
async function recordJourney() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's bodies as they come
  const ok = async <T extends { status: number; json: any }>(call: Promise<T>) => {
    const answer = await call;
    expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
    return answer.json;
  };
  recording = true;
  try {
    await ok(api.connect("seller"));
    await ok(api.connect("buyer"));
    const { tradeId } = await ok(api.initiate(tradeBody));
    const payment = await ok(api.acceptAndPay("buyer", tradeId));
    await ok(api.completePayment(payment.paymentId));
    await ok(
      api.buyDelivery("seller", tradeId, { price: 49, shipmentProviderId: "gls", expectedMaxWeightInGrams: 8000 }),
    );
    const labelId = (await ok(api.trade("seller", tradeId))).phases.delivery.labelId;
    await ok(api.track(labelId, "sent"));
    await ok(api.track(labelId, "delivered"));
    expect((await ok(api.acceptCondition("buyer", tradeId))).state).toBe("Succeeded");
    await ok(api.advanceClock(1)); // the scheduler's deadline and the payout
    expect((await ok(api.trade("seller", tradeId))).state).toBe("Released");
    await ok(api.escrowPayment("buyer", tradeId));
    expect(await loadTradeForConsole(tenant.tenantId, tradeId)).not.toBeNull(); // the console's trade page

    const other = (await ok(api.initiate(tradeBody))).tradeId;
    await ok(api.acceptAndPay("buyer", other));
    await ok(api.cancel(other, "InvitationAccepted"));
    // Cancelled after payment: the refund is a ledger movement that moves a balance, and the payer's payment record.
    const paid = (await ok(api.initiate(tradeBody))).tradeId;
    await ok(api.completePayment((await ok(api.acceptAndPay("buyer", paid))).paymentId));
    await ok(api.cancel(paid, "AwaitingShipment"));
    await ok(
      callRoute(getTrades, {
        path: "/api/v1/marketplace/users/buyer/trades",
        params: { marketplaceUserId: "buyer" },
        token: tenant.testApiKey,
      }),
    );
    await flushRequestLog();
  } finally {
    recording = false;
  }
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

// Statistics older than the rows: labels and payments as if analysed when each table held one
// row. Both are named by id from outside (a carrier's event, a provider's callback) and grow from
// nothing with a new deployment's first trades, faster than autovacuum analyses them; so did the
// benchmark's, and their lookups by id then read every label or payment of the tenant (2,800 to
// 4,200 buffers a call). Applied inside a transaction that is rolled back.
const STALE_TABLES = ["ShipmentLabel", "Payment"];
const STALE_OIDS = STALE_TABLES.map((table) => `'"${table}"'::regclass`).join(", ");
const STALE_STATISTICS = [
  `UPDATE pg_class SET reltuples = 1, relpages = 1 WHERE oid IN (${STALE_OIDS})`,
  `DELETE FROM pg_statistic WHERE starelid IN (${STALE_OIDS})`,
];

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/**
 * A page (a Limit) taken from an index range sorted again: the index does not give the order
 * asked, so every page reads and sorts the whole range up to its end instead of stopping at it.
 * Found: the trades list ordered by creation and trade id, both descending, on an index whose
 * trade id ran ascending. A read whose condition pins every column of its index (a leg's labels
 * of one trade, a handful) may sort what it found, and so may a read of an index without the sort
 * keys (the planner sorting a small range it judged cheaper that way). Returns what was sorted,
 * or null.
 */
function sortedIndexRange(node: PlanNode, indexColumns: Map<string, (string | null)[]>): string | null {
  if (node["Node Type"] !== "Limit") return null;
  const sort = node.Plans?.[0];
  if (!sort || !["Sort", "Incremental Sort"].includes(String(sort["Node Type"]))) return null;
  let input = sort.Plans?.[0];
  while (input && input.Plans?.length === 1 && !input["Index Name"]) input = input.Plans[0];
  const index = input?.["Index Name"] as string | undefined;
  if (!index) return null;
  const columns = indexColumns.get(index)!;
  const condition = String(input!["Index Cond"] ?? "");
  const pinned = columns.every((column) => column !== null && compares(condition, column));
  // Only an index that holds every sort key right after the columns the condition pins almost
  // gives the order (a key's direction or place is off); sorting what another index found, or
  // what a range with an unpinned column before the keys holds, is the planner's choice.
  const keys = (sort["Sort Key"] as string[]).map((key) => /"?(\w+)"?(\s+(ASC|DESC))?$/.exec(key)?.[1]);
  const firstKey = Math.min(...keys.map((key) => (key === undefined ? -1 : columns.indexOf(key))));
  const nearMiss =
    firstKey >= 0 && columns.slice(0, firstKey).every((column) => column !== null && compares(condition, column));
  return pinned || !nearMiss ? null : `${index} by ${keys.join(", ")}`;
}

/** Whether an index condition compares this column. */
const compares = (condition: string, column: string) =>
  new RegExp(`(^|[(\\s])"?${column}"?\\s*(=|<|>)`).test(condition);

describe("the statements of a trade's life", () => {
  it("each seek an index by its leading columns, none scans a table or sorts an index's page", async () => {
    await recordJourney();
    const statements = recorded.filter(({ text }) => /^\s*(WITH|SELECT|INSERT|UPDATE|DELETE)\b/i.test(text));
    // The journey's own statements, not just the bookkeeping around them.
    expect(statements.length).toBeGreaterThan(25);

    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      // Each index's columns in order (expression columns, which no statement here uses, are null).
      const indexColumns = new Map(
        (
          await client.query<{ index: string; columns: (string | null)[] }>(`
            SELECT i.relname AS "index",
              array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY k(attnum, position)
                    LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                    ORDER BY k.position) AS "columns"
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
            JOIN pg_namespace n ON n.oid = i.relnamespace WHERE n.nspname = 'public'`)
        ).rows.map((row) => [row.index, row.columns]),
      );
      // Each table's one-column unique keys, with their index.
      const uniqueKeys = new Map<string, [string, string][]>();
      for (const row of (
        await client.query<{ table: string; key: string; index: string }>(`
          SELECT t.relname AS "table", a.attname AS "key", i.relname AS "index"
          FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
          JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
          WHERE x.indisunique AND x.indnatts = 1 AND t.relnamespace = 'public'::regnamespace`)
      ).rows)
        uniqueKeys.set(row.table, [...(uniqueKeys.get(row.table) ?? []), [row.key, row.index]]);
      const problems: string[] = [];
      /** The statement's plan, with sequential scans off and, when `stale`, STALE_STATISTICS. */
      const explain = async (text: string, values: unknown[], stale: boolean) => {
        await client.query("BEGIN");
        try {
          await client.query("SET LOCAL enable_seqscan = off");
          if (stale) for (const change of STALE_STATISTICS) await client.query(change);
          const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
            `EXPLAIN (FORMAT JSON) ${text}`,
            values,
          );
          return [...nodes(rows[0]!["QUERY PLAN"][0].Plan)];
        } finally {
          await client.query("ROLLBACK"); // undoes STALE_STATISTICS too
        }
      };
      for (const { text, values } of statements) {
        const shown = text.trim().slice(0, 160);
        for (const node of await explain(text, values, false)) {
          const where = `${node["Node Type"]} on ${String(node["Relation Name"] ?? node["Index Name"])}`;
          if (node["Node Type"] === "Seq Scan") problems.push(`${where}: ${shown}`);
          const sorted = sortedIndexRange(node, indexColumns);
          if (sorted) problems.push(`${where} sorts ${sorted}: ${shown}`);
          const index = node["Index Name"] as string | undefined;
          if (!index) continue;
          // The columns the condition compares, which must be the index's leading ones: a
          // column after one left out is only checked entry by entry along the whole range.
          const condition = String(node["Index Cond"] ?? "");
          const compared = indexColumns.get(index)!.map((column) => column !== null && compares(condition, column));
          const gap = compared.indexOf(false);
          if (!compared[0] || (gap >= 0 && compared.indexOf(true, gap) >= 0))
            problems.push(`${where} not by its leading columns (${condition}): ${shown}`);
        }
        // A label or payment named by its unique key is found by that key, not by checking a
        // range of another index (the tenant's rows) for it, however old the statistics.
        for (const node of await explain(text, values, true)) {
          const table = String(node["Relation Name"] ?? "");
          if (!STALE_TABLES.includes(table)) continue;
          const index = node["Index Name"] as string | undefined;
          const filter = String(node["Filter"] ?? "");
          for (const [key, keyIndex] of uniqueKeys.get(table) ?? [])
            if (index && keyIndex !== index && compares(filter, key))
              problems.push(
                `${node["Node Type"]} on ${table} checks ${key} along ${index}, not by ${keyIndex}: ${shown}`,
              );
        }
      }
      expect(problems).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
