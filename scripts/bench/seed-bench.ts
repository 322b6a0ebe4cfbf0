// The data of `npm run bench`: a few tenants made the way operators make them, `users` connected
// marketplace users spread over them (a service account with a payout account each, as a sandbox
// connect leaves them), and `trades` trades in SQL (seed-trades.ts) with their payments
// (seed-payments.ts). The first tenant holds half the trades and one power seller with up to 10,000
// of them: the user whose Get trades is measured.
import type { Db } from "../../lib/db/client.ts";
import { createTenant } from "../../lib/tenants/create-tenant.ts";
import { OPERATOR_RATE_LIMIT } from "../../lib/tenants/rate-limit-settings.ts";
import { seedPayments } from "./seed-payments.ts";
import { seedTrades } from "./seed-trades.ts";

export interface BenchTenant {
  tenantId: string;
  testApiKey: string;
  userCount: number;
}

export interface BenchData {
  tenants: BenchTenant[];
  userPrefix: string;
  powerSeller: { id: string; trades: number };
}

export const USER_PREFIX = "user-";
export const POWER_SELLER = "power-seller";
const POWER_SELLER_TRADES = 10_000;

export async function seedBench(
  db: Db,
  options: { tenants: number; users: number; trades: number },
): Promise<BenchData> {
  const tenants: BenchTenant[] = [];
  for (let t = 0; t < options.tenants; t++) {
    // The benchmark measures the service, not its rate limit (OPERATOR_RATE_LIMIT's ceiling).
    const created = await createTenant(db, {
      name: `Bench tenant ${t + 1}`,
      rateLimitPerMinute: OPERATOR_RATE_LIMIT.max,
    });
    const userCount = Math.floor(options.users / options.tenants) + (t < options.users % options.tenants ? 1 : 0);
    tenants.push({ tenantId: created.tenantId, testApiKey: created.testApiKey, userCount });
  }
  // Half the trades to the first tenant, the rest shared by the others.
  const shares = tenants.map((_, t) =>
    tenants.length === 1
      ? options.trades
      : t === 0
        ? Math.floor(options.trades / 2)
        : Math.floor(options.trades / 2 / (tenants.length - 1)),
  );
  const every = Math.max(2, Math.floor(shares[0]! / POWER_SELLER_TRADES));
  for (const [t, tenant] of tenants.entries()) {
    await connectUsers(db, tenant.tenantId, tenant.userCount, t === 0 ? [POWER_SELLER] : []);
    await seedTrades(db, {
      tenantId: tenant.tenantId,
      count: shares[t]!,
      users: { prefix: USER_PREFIX, count: tenant.userCount },
      // Other tenants get no power seller: every n-th trade beyond their count.
      powerSeller: { id: POWER_SELLER, every: t === 0 ? every : shares[t]! + 1 },
    });
    await seedPayments(db, tenant.tenantId);
  }
  // Fresh statistics, as autovacuum would have them on a live database.
  for (const table of ["Payment", "PaymentAttempt", "HostedSession"])
    await db.$executeRawUnsafe(`VACUUM ANALYZE "${table}"`);
  return {
    tenants,
    userPrefix: USER_PREFIX,
    powerSeller: { id: POWER_SELLER, trades: Math.floor(shares[0]! / every) },
  };
}

/** Connected users `user-0` … and the extra ids, each with its own service account. */
async function connectUsers(db: Db, tenantId: string, count: number, extra: string[]): Promise<void> {
  await db.$executeRawUnsafe(
    `WITH ids AS (
       SELECT $2 || i AS uid FROM generate_series(0, $3 - 1) AS i
       UNION ALL SELECT unnest($4::text[])),
     accounts AS (
       INSERT INTO "ServiceAccount" ("id", "tenantId", "mode", "identitySubject", "name", "address", "city",
      "postalCode", "kycLevel", "bankName", "bankAccountNumber", "bankAccountName", "updatedAt")
       SELECT gen_random_uuid()::text, $1, 'test', 'bench:' || $1 || ':' || uid, 'Bench User ' || uid,
      'Bench Street 1', 'København', '1000', 1,
         'Sandbox Bank', 'DK5000400440116243', 'Bench User ' || uid, now()
       FROM ids
       RETURNING "id", "identitySubject")
     INSERT INTO "MarketplaceUser" ("id", "tenantId", "mode", "marketplaceUserId", "serviceAccountId",
      "kycLevel", "connectedAt", "updatedAt")
     SELECT gen_random_uuid()::text, $1, 'test', substr("identitySubject", length('bench:' || $1 || ':') + 1),
      "id", 1, now(), now() FROM accounts`,
    tenantId,
    USER_PREFIX,
    count,
    extra,
  );
  await db.$executeRawUnsafe(`ANALYZE "MarketplaceUser"`);
  await db.$executeRawUnsafe(`ANALYZE "ServiceAccount"`);
}
