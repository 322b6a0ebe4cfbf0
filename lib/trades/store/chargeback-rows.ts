// A trade's chargebacks (lib/payments/settle-rail-dispute.ts): each rail dispute's row, its
// closing, and whether one is open (which holds the trade's payout), in the caller's transaction
// that holds the trade's lock.
import { randomUUID } from "node:crypto";
import type { Chargeback } from "../../db/generated/client.ts";
import type { ApiMode, ChargebackDecision } from "../../db/generated/enums.ts";
import { statement, type Sql } from "../../db/sql.ts";

export async function chargebackOf(q: Sql, provider: string, railDisputeId: string): Promise<Chargeback | null> {
  const [row] = await q<Chargeback>(statement`
    SELECT * FROM "Chargeback" WHERE "provider" = ${provider} AND "railDisputeId" = ${railDisputeId}`);
  return row ?? null;
}

export async function insertChargeback(
  q: Sql,
  row: {
    tenantId: string;
    mode: ApiMode;
    tradeId: string;
    paymentId: string;
    provider: string;
    railDisputeId: string;
    amountMinor: bigint;
    currency: string;
    reason: string;
    openedAt: Date;
  },
): Promise<Chargeback> {
  const [inserted] = await q<Chargeback>(statement`
    INSERT INTO "Chargeback" ("id", "tenantId", "mode", "tradeId", "paymentId", "provider", "railDisputeId",
      "amountMinor", "currency", "reason", "openedAt")
    VALUES (${randomUUID()}, ${row.tenantId}, ${row.mode}::"ApiMode", ${row.tradeId}, ${row.paymentId}, ${row.provider},
      ${row.railDisputeId}, ${row.amountMinor.toString()}::bigint, ${row.currency}, ${row.reason}, ${row.openedAt}::timestamp)
    RETURNING *`);
  return inserted!;
}

export const closeChargeback = (q: Sql, id: string, outcome: "Won" | "Lost", at: Date) =>
  q(statement`
    UPDATE "Chargeback" SET "state" = ${outcome}::"ChargebackState", "closedAt" = ${at}::timestamp
    WHERE "id" = ${id} AND "state" = 'Open'`);

/**
 * A payer's bank is taking the trade's money back, or took it and staff have not yet decided who
 * bears it (lib/payments/decide-lost-chargeback.ts): the trade's payout waits until then.
 */
export async function chargebackHoldsPayout(q: Sql, tradeId: string): Promise<boolean> {
  const rows = await q(statement`
    SELECT 1 FROM "Chargeback"
    WHERE "tradeId" = ${tradeId} AND ("state" = 'Open' OR ("state" = 'Lost' AND "decision" IS NULL)) LIMIT 1`);
  return rows.length > 0;
}

/** A won chargeback gives a held payout back its deadline (now), if the trade still waits for one. */
export const rearmHeldPayout = (q: Sql, tradeId: string, now: Date) =>
  q(statement`
    UPDATE "Trade" SET "deadlineAt" = ${now}::timestamp, "deadlineKind" = 'payoutCompleted', "updatedAt" = ${new Date()}::timestamp
    WHERE "id" = ${tradeId} AND "state" = 'Succeeded' AND "deadlineAt" IS NULL`);

/** The trade's chargeback by our id; null when the trade has no such chargeback. */
export async function chargebackOfTrade(q: Sql, tradeId: string, chargebackId: string): Promise<Chargeback | null> {
  const [row] = await q<Chargeback>(statement`
    SELECT * FROM "Chargeback" WHERE "id" = ${chargebackId} AND "tradeId" = ${tradeId}`);
  return row ?? null;
}

/** Staff's decision for the payee after a lost chargeback, once: false when one was taken first. */
export async function recordChargebackDecision(
  q: Sql,
  id: string,
  decision: {
    decision: ChargebackDecision;
    decidedAt: Date;
    decidedBy: string;
    recoveredMinor: bigint | null;
    railReversalId: string | null;
  },
): Promise<boolean> {
  const recorded = await q(statement`
    UPDATE "Chargeback" SET "decision" = ${decision.decision}::"ChargebackDecision", "decidedAt" = ${decision.decidedAt}::timestamp,
      "decidedBy" = ${decision.decidedBy}, "recoveredMinor" = ${decision.recoveredMinor?.toString() ?? null}::bigint,
      "railReversalId" = ${decision.railReversalId}
    WHERE "id" = ${id} AND "state" = 'Lost' AND "decision" IS NULL RETURNING "id"`);
  return recorded.length > 0;
}
