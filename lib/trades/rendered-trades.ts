// Rendered Trades kept between requests, so that a page of trades costs about what a detail does.
//
// A Trade's record is a pure function of the rows it is read from (the trade, each leg's latest
// label, each party's user and account: lib/trades/store/reads.ts) and the language: it has no
// clock in it. Each record is kept encoded, under the row versions it was rendered from
// (ROW_VERSIONS: each row's id and `xmin`). A page first reads only its trades' row versions; a
// record kept under the same versions is the record those rows give, so it is served as it is;
// any other trade is read in full, rendered and kept. Nothing is ever invalidated by hand, and no
// write path has to know this exists: a change to any of those rows is a new row version.
//
// Rendering is done from reads outside any transaction (autocommit statements on the pool), so a
// record never comes from a row version its own transaction might still change. Entries also
// expire after an hour, far inside the billions of transactions after which PostgreSQL could
// reuse a transaction id. Each process keeps its own (lru-cache, bounded in bytes:
// RENDERED_TRADES_CACHE_MB, default 64; 0 turns it off and Get trades reads its records in one
// statement, as a detail does). docs/performance.md has the figures.
import { LRUCache } from "lru-cache";
import type { Locale } from "../locale.ts";
import { metrics } from "../ops/metrics.ts";
import { encodeTrade } from "./encode-trade.ts";
import { tradesWithRowVersions, type Scope } from "./store/reads.ts";

type Rendered = { rowVersions: string; json: Buffer };

const KEY = Symbol.for("escrow.renderedTrades");
const HOUR_MS = 60 * 60 * 1000;

/** The process's kept records, or null when RENDERED_TRADES_CACHE_MB is 0. */
function kept(): LRUCache<string, Rendered> | null {
  const holder = globalThis as { [KEY]?: LRUCache<string, Rendered> | null };
  if (holder[KEY] === undefined) {
    const megabytes = Number(process.env.RENDERED_TRADES_CACHE_MB ?? 64);
    holder[KEY] =
      Number.isFinite(megabytes) && megabytes > 0
        ? new LRUCache<string, Rendered>({
            maxSize: Math.floor(megabytes * 1024 * 1024),
            // The bytes, the versions' text and the entry's own bookkeeping.
            sizeCalculation: (entry, key) => entry.json.length + 2 * (entry.rowVersions.length + key.length) + 100,
            ttl: HOUR_MS,
          })
        : null;
  }
  return holder[KEY];
}

export function renderedTradesKept(): boolean {
  return kept() !== null;
}

/**
 * Each trade's record, encoded, in the order given: kept ones whose row versions still match,
 * the rest read in one statement, rendered and kept. A trade gone since its versions were read
 * (its tenant deleted) is left out.
 */
export async function renderTrades(
  scope: Scope,
  trades: { id: string; rowVersions: string }[],
  locale: Locale,
): Promise<Buffer[]> {
  const cache = kept();
  const found = trades.map(({ id, rowVersions }) => {
    const entry = cache?.get(`${id}|${locale}`);
    return entry?.rowVersions === rowVersions ? entry.json : undefined;
  });
  const missing = trades.filter((_, index) => !found[index]).map(({ id }) => id);
  metrics().renderedTrades.inc({ result: "kept" }, trades.length - missing.length);
  if (missing.length === 0) return found as Buffer[];
  metrics().renderedTrades.inc({ result: "rendered" }, missing.length);
  const rendered = new Map<string, Buffer>();
  for (const { view, rowVersions } of await tradesWithRowVersions(scope, missing)) {
    const json = encodeTrade(view, locale);
    cache?.set(`${view.trade.id}|${locale}`, { rowVersions, json });
    rendered.set(view.trade.id, json);
  }
  return trades.flatMap(({ id }, index) => found[index] ?? rendered.get(id) ?? []);
}
