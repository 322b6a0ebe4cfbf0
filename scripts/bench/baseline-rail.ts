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
  const found = await db.query(`SELECT "id", "tenantId", "mode" FROM "Payment" WHERE "id" = $1 AND "tenantId" = $2`, [
    paymentId,
    tenantId,
  ]);
  if (!found.rows[0]) return null;
  const payment = (await db.query(`SELECT * FROM "Payment" WHERE "id" = $1`, [paymentId])).rows[0];
  await db.query(
    `SELECT t."payerMarketplaceUserId", t."payeeMarketplaceUserId" FROM "Trade" t
       JOIN "MarketplaceUser" payer ON payer."tenantId" = t."tenantId" AND payer."mode" = t."mode" AND payer."marketplaceUserId" = t."payerMarketplaceUserId"
       JOIN "MarketplaceUser" payee ON payee."tenantId" = t."tenantId" AND payee."mode" = t."mode" AND payee."marketplaceUserId" = t."payeeMarketplaceUserId"
     WHERE t."id" = $1`,
    [payment.tradeId],
  );
  // Opened at the bank: the payment read again, the bank's payment made and found by its key, ours pointed at it.
  await db.query(`SELECT * FROM "Payment" WHERE "id" = $1`, [paymentId]);
  const bankId = `simbank_${randomBytes(12).toString("hex")}`;
  const key = `payment-${paymentId}-1`;
  await db.query(
    `INSERT INTO "SimulatedBankPayment" ("id", "idempotencyKey", "amountMinor", "currency", "description", "returnUrl", "cancelUrl", "state", "createdAt")
     VALUES ($1, $2, $3, $4, 'Escrow payment', 'http://localhost/', 'http://localhost/', 'open', now()) ON CONFLICT DO NOTHING`,
    [bankId, key, payment.amountMinor, payment.currency],
  );
  await db.query(`SELECT "id" FROM "SimulatedBankPayment" WHERE "idempotencyKey" = $1 LIMIT 1`, [key]);
  await db.query(
    `UPDATE "Payment" SET "provider" = 'simulated', "railPaymentId" = $1, "railRedirectUrl" = $2, "railOpenedAt" = now(),
       "railCheckedAt" = now(), "updatedAt" = now() WHERE "id" = $3 AND "state" = 'Pending' AND "railPaymentId" IS NULL`,
    [bankId, `http://localhost/sandbox-bank/${bankId}`, paymentId],
  );
  await db.query(`SELECT "id", "provider", "railPaymentId" FROM "Payment" WHERE "id" = $1`, [paymentId]);
  // The bank decides, in a transaction of its own.
  const tryId = `simtry_${randomBytes(12).toString("hex")}`;
  await db.query(
    `WITH decided AS (UPDATE "SimulatedBankPayment" SET "state" = 'succeeded', "method" = 'sandbox', "decidedAt" = now()
       WHERE "id" = $1 AND "state" IN ('open', 'awaiting_confirmation') RETURNING "id")
     INSERT INTO "SimulatedBankTry" ("id", "bankPaymentId", "method", "outcome", "createdAt")
     SELECT $2, "id", 'sandbox', 'succeeded', now() FROM decided`,
    [bankId, tryId],
  );
  // Its callback in the inbox, then applied by asking the bank where the payment stands.
  const eventId = `evt_${randomUUID()}`;
  await db.query(
    `INSERT INTO "RailCallback" ("id", "provider", "eventId", "objectKind", "objectId", "receivedAt", "tries")
     VALUES ($1, 'simulated', $2, 'payment', $3, now(), 0) ON CONFLICT DO NOTHING`,
    [randomUUID(), eventId, bankId],
  );
  await db.query(`SELECT "id", "appliedAt" FROM "RailCallback" WHERE "provider" = 'simulated' AND "eventId" = $1`, [
    eventId,
  ]);
  await db.query(
    `SELECT "id", "state", "mode", "amountMinor", "currency", "tenantId" FROM "Payment" WHERE "provider" = 'simulated' AND "railPaymentId" = $1`,
    [bankId],
  );
  await db.query(`SELECT * FROM "Tenant" WHERE "id" = $1`, [tenantId]);
  await db.query(`SELECT "id", "railAttemptId", "paymentId" FROM "PaymentAttempt" WHERE "paymentId" = $1`, [paymentId]);
  await db.query(`SELECT * FROM "SimulatedBankPayment" WHERE "id" = $1`, [bankId]);
  await db.query(`SELECT * FROM "SimulatedBankTry" WHERE "bankPaymentId" = $1 ORDER BY "createdAt"`, [bankId]);
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
