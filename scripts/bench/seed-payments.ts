// The payment rows of a tenant's seeded trades (seed-trades.ts; seed-bench.ts calls both), as a
// live database holds them: an escrow Payment for every trade (Pending while the trade is Created,
// Cancelled with it, else Paid through the simulated rail, with the try that paid it), and the
// checkout's hosted session for the trades of the last 30 days (retention deletes older ones:
// lib/jobs/retention.ts).
//
// Without them these tables hold only what the run itself writes, and a statement prepared early in
// the run is planned for a table of a few rows. PostgreSQL keeps that generic plan until the table's
// statistics change, which autovacuum does not get to in a run of minutes, and the plan can pick an
// index that a table of real size would never be read with: a rail's callback found its payment
// through the (provider, paidAt) index, reading every payment of the rail (docs/performance.md,
// "Issue 37, seventh day"). A benchmark of a million trades should meet the plans of a million
// trades' database.
import type { Db } from "../../lib/db/client.ts";

export async function seedPayments(db: Db, tenantId: string): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose", "amountMinor",
       "currency", "state", "externalId", "provider", "railPaymentId", "railRedirectUrl", "railOpenedAt", "method",
       "paidAt", "createdAt", "updatedAt")
     SELECT gen_random_uuid()::text, t."tenantId", t."mode", t."id", t."payerMarketplaceUserId", 'Escrow',
       t."payerTotalMinor", t."currency",
       CASE t."state" WHEN 'Created' THEN 'Pending' WHEN 'Cancelled' THEN 'Cancelled' ELSE 'Paid' END::"PaymentState",
       'seed-pay-' || t."id", 'simulated',
       CASE WHEN s."paid" THEN 'simbank_seed_' || t."id" END,
       CASE WHEN s."paid" THEN 'https://bank.example/pay/' || t."id" END,
       CASE WHEN s."paid" THEN t."createdAt" + interval '1 minute' END,
       CASE WHEN s."paid" THEN 'card' END,
       CASE WHEN s."paid" THEN t."createdAt" + interval '2 minutes' END,
       t."createdAt", t."createdAt"
     FROM "Trade" t CROSS JOIN LATERAL (SELECT t."state" NOT IN ('Created', 'Cancelled') AS "paid") s
     WHERE t."tenantId" = $1 AND t."referenceId" LIKE 'seed-%'`,
    tenantId,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "PaymentAttempt" ("id", "paymentId", "tenantId", "outcome", "method", "source", "railAttemptId", "createdAt")
     SELECT gen_random_uuid()::text, p."id", p."tenantId", 'succeeded', p."method", 'rail',
       'simtry_' || p."externalId", p."paidAt"
     FROM "Payment" p WHERE p."tenantId" = $1 AND p."externalId" LIKE 'seed-pay-%' AND p."paidAt" IS NOT NULL`,
    tenantId,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "HostedSession" ("id", "tokenHash", "csrfToken", "tenantId", "mode", "kind", "marketplaceUserId",
       "tradeId", "paymentId", "successUrl", "cancelUrl", "state", "expiresAt", "completedAt", "createdAt")
     SELECT gen_random_uuid()::text, encode(sha256(convert_to('seed-session-' || p."externalId", 'UTF8')), 'hex'),
       md5(p."externalId"), p."tenantId", p."mode", 'Checkout', p."marketplaceUserId", p."tradeId", p."id",
       'https://shop.example/ok', 'https://shop.example/no',
       CASE WHEN p."paidAt" IS NULL THEN 'Expired' ELSE 'Completed' END::"HostedSessionState",
       p."createdAt" + interval '1 hour', p."paidAt", p."createdAt"
     FROM "Payment" p
     WHERE p."tenantId" = $1 AND p."externalId" LIKE 'seed-pay-%' AND p."createdAt" > now() - interval '30 days'`,
    tenantId,
  );
}
