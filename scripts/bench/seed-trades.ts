// Seeds many trades for one tenant straight in SQL (generate_series), for the scale test of the
// console's trades list and for benchmarks: 100,000 trades take seconds this way, where the API
// would take many minutes. The rows are shaped like real ones (both TradeParty rows, spread over
// states, amounts, a year of creation times (whatever the count), ~1,000 buyers, one seller with `powerSellerShare` of
// the trades), but have no payments, ledger or timeline: they are for reading, not for driving.
import type { Db } from "../../lib/db/client.ts";

export interface SeedOptions {
  tenantId: string;
  count: number;
  mode?: "test" | "live";
  /**
   * Every n-th trade gets this rare word at the end of its title, to search for. At the end, so
   * that these titles are spread through the sorted titles like any word would be, not one block.
   */
  rareWord?: { word: string; every: number };
  /** The marketplace user who sells every n-th trade. */
  powerSeller?: { id: string; every: number };
  /**
   * Payers and payees drawn from `${prefix}0` … `${prefix}${count - 1}` (never the same user on
   * both sides). Without it, ~1,000 `buyer-…` and ~1,000 `seller-…` ids as before.
   */
  users?: { prefix: string; count: number };
}

const STATES = ["Created", "AwaitingShipment", "Sent", "Delivered", "Succeeded", "Succeeded", "Succeeded", "Cancelled"];
const TITLES = [
  "Vintage road bike",
  "Oak dining table",
  "Leather sofa",
  "Camera lens 50mm",
  "Winter jacket",
  "Lego set",
  "Espresso machine",
  "Standing desk",
];

export async function seedTrades(db: Db, options: SeedOptions): Promise<void> {
  const mode = options.mode ?? "test";
  const rare = options.rareWord ?? { word: "Eames", every: 1_000 };
  const seller = options.powerSeller ?? { id: "power-seller", every: 10 };
  const states = `ARRAY[${STATES.map((s) => `'${s}'`).join(",")}]::"TradeState"[]`;
  const titles = `ARRAY[${TITLES.map((t) => `'${t}'`).join(",")}]`;
  // $8 = prefix, $9 = count; the payee is the payer shifted by 1..count-1, so never the payer.
  const users = options.users;
  const payer = users ? `$8 || (i % $9)` : `'buyer-' || (i % 997)`;
  const payee = users ? `$8 || ((i % $9 + 1 + (i / $9) % ($9 - 1)) % $9)` : `'seller-' || (i % 1009)`;
  const userParams = users ? [users.prefix, users.count] : [];
  await db.$executeRawUnsafe(
    `INSERT INTO "Trade" ("id", "tenantId", "mode", "referenceId", "title", "description", "currency",
       "payerMarketplaceUserId", "payeeMarketplaceUserId", "createdBy",
       "amountMinor", "payerFeePercent", "payerFixedFeeMinor", "payeeFeePercent", "payeeFixedFeeMinor", "payerFeeMinor", "payeeFeeMinor",
       "payerTotalMinor", "payeePayoutMinor", "serviceRevenueMinor", "tenantRevenueMinor", "successUrl", "cancelUrl", "state", "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, $1, $2::"ApiMode", 'seed-' || i,
       (${titles})[1 + i % ${TITLES.length}] || ' #' || i || CASE WHEN i % $3 = 0 THEN ' ' || $4 ELSE '' END,
       'Seeded', 'DKK', ${payer}, CASE WHEN i % $5 = 0 THEN $6 ELSE ${payee} END,
       CASE WHEN i % $5 = 0 THEN $6 ELSE ${payee} END,
       ((i::bigint * 7919) % 500000) + 1000, 0, 0, 0, 0, 0, 0, ((i::bigint * 7919) % 500000) + 1000,
       ((i::bigint * 7919) % 500000) + 1000, 0, 0,
       'https://shop.example/ok', 'https://shop.example/no', (${states})[1 + i % ${STATES.length}],
       now() - interval '365 days' * i / $7, now()
     FROM generate_series(1, $7) AS i`,
    options.tenantId,
    mode,
    rare.every,
    rare.word,
    seller.every,
    seller.id,
    options.count,
    ...userParams,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "TradeParty" ("tradeId", "role", "tenantId", "mode", "marketplaceUserId", "tradeCreatedAt")
     SELECT "id", 'payer'::"TradeRole", "tenantId", "mode", "payerMarketplaceUserId", "createdAt" FROM "Trade"
      WHERE "tenantId" = $1 AND "referenceId" LIKE 'seed-%'
     UNION ALL
     SELECT "id", 'payee'::"TradeRole", "tenantId", "mode", "payeeMarketplaceUserId", "createdAt" FROM "Trade"
      WHERE "tenantId" = $1 AND "referenceId" LIKE 'seed-%'`,
    options.tenantId,
  );
  // Fresh statistics, as autovacuum would have them on a live database.
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Trade"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "TradeParty"`);
}
