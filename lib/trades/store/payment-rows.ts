// A trade's payments, in the caller's transaction that holds the trade's lock (accept-and-pay,
// completing a payment), and the one way a payment is found by a reference that may be its id or
// the provider's external id.
import { randomUUID } from "node:crypto";
import type { Payment, ShipmentLabel } from "../../db/generated/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { run, statement, type Sql } from "../../db/sql.ts";
import { StatementParts } from "./statement-parts.ts";

type Scope = { tenantId: string; mode: ApiMode };

/**
 * `p`: the payment named by its id or its externalId (a provider's callback knows only its own),
 * with `columns`. The reference is looked up in each unique index on its own: written as `"id" = $1
 * OR "externalId" = $1`, the prepared statement's generic plan read the tenant's payments one by
 * one. MATERIALIZED, so that the caller's tenant and mode conditions, checked on the row found,
 * cannot reach into it and steer the planner to the tenant's index (lock.ts, PRIMARY_KEY_FIRST).
 */
export function paymentByReference(s: StatementParts, reference: string, columns: string[]): string {
  const list = columns.map((column) => `"${column}"`).join(", ");
  const ref = s.param(reference);
  return `p AS MATERIALIZED (
    SELECT ${list} FROM "Payment" WHERE "id" = ${ref}
    UNION ALL SELECT ${list} FROM "Payment" WHERE "externalId" = ${ref}
    LIMIT 1)`;
}

/** The id of a tenant's payment named by its id or its externalId (on the pool); null when none is the tenant's. */
export async function paymentIdOf(scope: Scope, reference: string): Promise<string | null> {
  const s = new StatementParts();
  const query = s.statement(
    [paymentByReference(s, reference, ["id", "tenantId", "mode"])],
    `SELECT p."id" FROM p WHERE p."tenantId" = ${s.param(scope.tenantId)} AND p."mode" = ${s.param(scope.mode)}::"ApiMode"`,
    "payment of tenant",
  );
  const [found] = await run<{ id: string }>(query);
  return found?.id ?? null;
}

/** A tenant's payment named by its id or its externalId, the whole row (on the pool); null when none is the tenant's. */
export async function paymentOfTenant(scope: Scope, reference: string): Promise<Payment | null> {
  const s = new StatementParts();
  const query = s.statement(
    [paymentByReference(s, reference, ["id", "tenantId", "mode"])],
    `SELECT pay.* FROM p JOIN "Payment" pay ON pay."id" = p."id"
    WHERE p."tenantId" = ${s.param(scope.tenantId)} AND p."mode" = ${s.param(scope.mode)}::"ApiMode"`,
    "payment row of tenant",
  );
  const [found] = await run<Payment>(query);
  return found ?? null;
}

/** A payment's row by its id (on the pool). */
export async function paymentRow(paymentId: string): Promise<Payment | null> {
  const [found] = await run<Payment>(statement`SELECT * FROM "Payment" WHERE "id" = ${paymentId}`);
  return found ?? null;
}

/** The label a label payment pays for, while that payment is Pending; null for anything else (on the pool). */
export async function labelToIssue(scope: Scope, reference: string) {
  const s = new StatementParts();
  const query = s.statement(
    [paymentByReference(s, reference, ["id", "tenantId", "mode", "purpose", "state"])],
    `SELECT l."id", l."carrier", l."expectedMaxWeightGrams", l."tradeId", l."leg"
    FROM p JOIN "ShipmentLabel" l ON l."paymentId" = p."id"
    WHERE p."tenantId" = ${s.param(scope.tenantId)} AND p."mode" = ${s.param(scope.mode)}::"ApiMode"
      AND p."purpose" <> 'Escrow' AND p."state" = 'Pending'`,
    "label to issue",
  );
  const [label] =
    await run<Pick<ShipmentLabel, "id" | "carrier" | "expectedMaxWeightGrams" | "tradeId" | "leg">>(query);
  return label ?? null;
}

/** The trade's escrow payment, the latest that did not fail (initiation creates it). */
export async function escrowPaymentOf(q: Sql, scope: Scope, tradeId: string): Promise<Payment | null> {
  const [escrow] = await q<Payment>(statement`
    SELECT * FROM "Payment"
    WHERE "tenantId" = ${scope.tenantId} AND "mode" = ${scope.mode}::"ApiMode" AND "tradeId" = ${tradeId}
      AND "purpose" = 'Escrow' AND "state" <> 'Failed'
    ORDER BY "createdAt" DESC LIMIT 1`);
  return escrow ?? null;
}

export async function setReceiverShop(q: Sql, paymentId: string, receiverShopId: string, now: Date): Promise<Payment> {
  const [updated] = await q<Payment>(statement`
    UPDATE "Payment" SET "receiverShopId" = ${receiverShopId}, "updatedAt" = ${now}::timestamp
    WHERE "id" = ${paymentId} RETURNING *`);
  return updated!;
}

export async function paymentStateOf(q: Sql, paymentId: string): Promise<string | null> {
  const [current] = await q<Pick<Payment, "state">>(statement`SELECT "state" FROM "Payment" WHERE "id" = ${paymentId}`);
  return current?.state ?? null;
}

/**
 * A pending payment's outcome with its attempt, one statement: a success pays it, a declined try
 * is recorded and leaves it Pending. Null when the payment is not Pending (a second completion).
 */
export async function recordPaymentOutcome(
  q: Sql,
  paymentId: string,
  /** "succeeded", or how the try failed (lib/payments/payment-attempts.ts). */
  outcome: string,
  /** `railAttemptId`: the rail's id of the try, recorded once however often it is reported. */
  attempt: { source: string; method?: string | null; railAttemptId?: string },
  now: Date,
): Promise<Payment | null> {
  const [completed] = await q<Payment>(statement`
    WITH paid AS (
      UPDATE "Payment" SET "state" = 'Paid', "paidAt" = ${now}::timestamp, "method" = coalesce(${attempt.method ?? null}, "method"),
        "updatedAt" = ${now}::timestamp
      WHERE ${outcome === "succeeded"}::boolean AND "id" = ${paymentId} AND "state" = 'Pending'
      RETURNING *),
    still AS (
      SELECT * FROM "Payment"
      WHERE NOT ${outcome === "succeeded"}::boolean AND "id" = ${paymentId} AND "state" = 'Pending'),
    answered AS (SELECT * FROM paid UNION ALL SELECT * FROM still),
    attempt AS (
      INSERT INTO "PaymentAttempt" ("id", "paymentId", "tenantId", "outcome", "method", "source", "railAttemptId", "createdAt")
      SELECT ${randomUUID()}, answered."id", answered."tenantId", ${outcome}, ${attempt.method ?? null},
        ${attempt.source}, ${attempt.railAttemptId ?? null}, ${now}::timestamp
      FROM answered
      ON CONFLICT ("paymentId", "railAttemptId") DO NOTHING)
    SELECT * FROM answered`);
  return completed ?? null;
}
