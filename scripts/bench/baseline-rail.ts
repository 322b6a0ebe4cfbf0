// The baseline's side of the simulated payment rail (issue 37: keep the baseline honest). Since the
// sandbox's payment completion goes the way a rail's news goes (lib/sandbox/complete-sandbox-payment.ts:
// the payment is opened at the simulated bank, the bank decides, its signed callback is stored in
// the inbox and applied by asking the bank), the service sends these statements around the
// completion's transaction; the baseline sends the same ones, each as one raw statement, so that
// the two do the same SQL work. Read off the service with `log_statement=all` (docs/performance.md).
import { randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";

type Query = Pick<pg.Pool, "query">;

/** Before the completion's transaction: the payment read, opened at the bank, decided there, and the callback stored and read back to apply. */
export async function railNewsBefore(db: Query, tenantId: string, paymentId: string): Promise<string | null> {
  const payment = (
    await db.query(`SELECT pay.* FROM "Payment" pay WHERE pay."id" = $1 AND pay."tenantId" = $2`, [paymentId, tenantId])
  ).rows[0];
  if (!payment) return null;
  await db.query(
    `SELECT t."payerMarketplaceUserId", t."payeeMarketplaceUserId" FROM "Trade" t
       JOIN "MarketplaceUser" payer ON payer."tenantId" = t."tenantId" AND payer."mode" = t."mode" AND payer."marketplaceUserId" = t."payerMarketplaceUserId"
       JOIN "MarketplaceUser" payee ON payee."tenantId" = t."tenantId" AND payee."mode" = t."mode" AND payee."marketplaceUserId" = t."payeeMarketplaceUserId"
     WHERE t."id" = $1`,
    [payment.tradeId],
  );
  // Opened at the bank (made, or found by its key, in one statement), ours pointed at it.
  const key = `payment-${paymentId}-1`;
  const [bank] = (
    await db.query(
      `WITH made AS (
         INSERT INTO "SimulatedBankPayment" ("id", "idempotencyKey", "amountMinor", "currency", "description", "returnUrl", "cancelUrl")
         VALUES ($1, $2, $3, $4, 'Escrow payment', 'http://localhost/', 'http://localhost/') ON CONFLICT ("idempotencyKey") DO NOTHING RETURNING "id")
       SELECT "id" FROM made UNION ALL SELECT "id" FROM "SimulatedBankPayment" WHERE "idempotencyKey" = $2 LIMIT 1`,
      [`simbank_${randomBytes(12).toString("hex")}`, key, payment.amountMinor, payment.currency],
    )
  ).rows;
  const bankId: string = bank.id;
  await db.query(
    `UPDATE "Payment" SET "provider" = 'simulated', "railPaymentId" = $1, "railRedirectUrl" = $2, "railOpenedAt" = now(),
       "railCheckedAt" = now(), "updatedAt" = now() WHERE "id" = $3 AND "state" = 'Pending' AND "railPaymentId" IS NULL`,
    [bankId, `http://localhost/sandbox-bank/${bankId}`, paymentId],
  );
  // The bank decides: its compare-and-set and its try in one statement.
  await db.query(
    `WITH decided AS (UPDATE "SimulatedBankPayment" SET "state" = 'succeeded', "method" = 'sandbox', "decidedAt" = now()
       WHERE "id" = $1 AND "state" = ANY($3::text[]) RETURNING "id")
     INSERT INTO "SimulatedBankTry" ("id", "bankPaymentId", "method", "outcome", "createdAt")
     SELECT $2, "id", 'sandbox', 'succeeded', now() FROM decided RETURNING "id"`,
    [bankId, `simtry_${randomBytes(12).toString("hex")}`, ["open", "awaiting_confirmation"]],
  );
  // Its callback in the inbox (stored, or found, in one statement), then applied by asking the
  // bank where the payment stands: our payment at it with its tenant and recorded tries, the bank's
  // payment with its tries.
  const eventId = `evt_${randomUUID()}`;
  await db.query(
    `WITH stored AS (
       INSERT INTO "RailCallback" ("id", "provider", "eventId", "objectKind", "objectId", "receivedAt")
       VALUES ($1, 'simulated', $2, 'payment', $3, now()) ON CONFLICT ("provider", "eventId") DO NOTHING RETURNING "appliedAt")
     SELECT "appliedAt" FROM stored UNION ALL SELECT "appliedAt" FROM "RailCallback" WHERE "provider" = 'simulated' AND "eventId" = $2 LIMIT 1`,
    [randomUUID(), eventId, bankId],
  );
  await db.query(
    `SELECT t.*, p."id" AS "paymentId", p."state" AS "paymentState", p."purpose" AS "paymentPurpose", p."mode" AS "paymentMode",
       p."amountMinor" AS "paymentAmountMinor", p."currency" AS "paymentCurrency",
       ARRAY(SELECT a."railAttemptId" FROM "PaymentAttempt" a WHERE a."paymentId" = p."id") AS "railAttemptIds"
     FROM "Payment" p JOIN "Tenant" t ON t."id" = p."tenantId" WHERE p."provider" = 'simulated' AND p."railPaymentId" = $1`,
    [bankId],
  );
  await db.query(
    `SELECT b."state", b."amountMinor", b."currency",
       COALESCE((SELECT json_agg(json_build_object('id', t."id", 'outcome', t."outcome", 'method', t."method") ORDER BY t."createdAt")
         FROM "SimulatedBankTry" t WHERE t."bankPaymentId" = b."id"), '[]') AS "tries"
     FROM "SimulatedBankPayment" b WHERE b."id" = $1`,
    [bankId],
  );
  return eventId;
}

/** After it: the callback marked applied, and the payment read for the answer. */
export async function railNewsAfter(db: Query, eventId: string, paymentId: string): Promise<void> {
  await db.query(
    `UPDATE "RailCallback" SET "appliedAt" = now(), "tries" = "tries" + 1, "lastError" = NULL WHERE "provider" = 'simulated' AND "eventId" = $1`,
    [eventId],
  );
  await db.query(`SELECT * FROM "Payment" WHERE "id" = $1`, [paymentId]);
}

/** Inside the completion's transaction: the bank's try recorded on the payment, and the checkout link completed. */
export async function recordTry(c: Query, tenantId: string, paymentId: string, tradeId: string): Promise<void> {
  await c.query(
    `INSERT INTO "PaymentAttempt" ("id", "paymentId", "tenantId", "outcome", "method", "source", "railAttemptId")
     VALUES ($1, $2, $3, 'succeeded', NULL, 'rail', $4)`,
    [randomUUID(), paymentId, tenantId, `simtry_${randomBytes(12).toString("hex")}`],
  );
  await c.query(
    `UPDATE "HostedSession" SET "state" = 'Completed', "completedAt" = now() WHERE "state" = 'Open' AND "tradeId" = $1 AND "kind" = 'Checkout'`,
    [tradeId],
  );
}
