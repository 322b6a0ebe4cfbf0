// The payout of a settled trade (its payoutCompleted deadline), in three steps so that the payment
// rail is never asked inside a database transaction and a try is never lost nor paid twice:
// 1. under the trade's lock, the try is written Pending (or a Pending one left by a crash is taken
//    up again); 2. the rail is asked with the try's idempotency key; 3. under the lock again, the
//    answer is recorded: Paid releases the trade (ledger payout, payout.paid), Failed leaves the
//    money owed to the payee and the trade waiting for a new payout account (payout.failed).
import { randomUUID } from "node:crypto";
import type { Payout, Trade } from "../db/generated/client.ts";
import { inTransaction, statement, type Sql } from "../db/sql.ts";
import { tenantNow } from "../clock.ts";
import { tradeBalances } from "../money/ledger.ts";
import { metrics } from "../ops/metrics.ts";
import { paymentRailFor } from "../outside-parties.ts";
import type { PayoutOutcome } from "../payments/payment-rail.ts";
import { lockTradeWithClock, type TenantClock } from "../trades/store/lock.ts";
import { writePayoutEvent } from "../trades/trade-events.ts";
import { transitionTrade } from "../trades/transition-trade.ts";
import { payoutRecipient } from "./payout-recipient.ts";

type Locked = { trade: Trade; tenant: TenantClock; now: Date };
export type PayoutStep = { state: string } | null;
type Begun =
  { kind: "ask"; payout: Payout; accountNumber: string } | { kind: "released"; state: string } | { kind: "waiting" };

/** Runs the trade's due payout; null when there is nothing to do now (not due, taken, waiting). */
export async function payOutTrade(tradeId: string): Promise<PayoutStep> {
  // Each step is one driver transaction, the trade locked with its tenant's clock (as every
  // transition of a trade is taken, lib/trades/store/lock.ts).
  const begun = await inTransaction(async (q): Promise<Begun | null> => {
    const locked = await lockDuePayout(q, tradeId);
    if (!locked) return null;
    const { trade, tenant, now } = locked;
    const recipient = await payoutRecipient(q, trade);
    const [pending] = await q<Payout>(
      statement`SELECT * FROM "Payout" WHERE "tradeId" = ${tradeId} AND "state" = 'Pending' LIMIT 1`,
    );
    if (pending)
      return recipient
        ? { kind: "ask", payout: pending, accountNumber: recipient.accountNumber }
        : await waitForAccount(q, trade);
    const { payeePayable } = await tradeBalances(q, trade.id);
    // Nothing owed (a settlement refunded all of the payee's part): released without a payout.
    if (payeePayable === 0n) {
      const released = await transitionTrade(q, {
        trade,
        settings: tenant,
        action: "payoutCompleted",
        actor: "paymentRail",
        now,
      });
      return { kind: "released", state: released.trade.state };
    }
    if (!recipient) return waitForAccount(q, trade);
    const [earlier] = await q<{ tries: number }>(
      statement`SELECT count(*)::int AS "tries" FROM "Payout" WHERE "tradeId" = ${tradeId}`,
    );
    const attempt = earlier!.tries + 1;
    const [payout] = await q<Payout>(statement`
      INSERT INTO "Payout" ("id", "tenantId", "mode", "tradeId", "attempt", "recipientMarketplaceUserId",
        "businessUserId", "businessId", "businessLocationId", "amountMinor", "currency", "bankAccountLast4",
        "reference", "createdAt")
      VALUES (${randomUUID()}, ${trade.tenantId}, ${trade.mode}::"ApiMode", ${tradeId}, ${attempt},
        ${recipient.marketplaceUserId}, ${recipient.business?.businessUserId ?? null},
        ${recipient.business?.businessId ?? null}, ${recipient.business?.businessLocationId ?? null},
        ${payeePayable.toString()}::bigint, ${trade.currency}, ${recipient.last4}, ${statementReference(trade.id, attempt)},
        ${now}::timestamp)
      RETURNING *`);
    return { kind: "ask", payout: payout!, accountNumber: recipient.accountNumber };
  });
  if (!begun || begun.kind === "waiting") return null;
  if (begun.kind === "released") return { state: begun.state };

  const { payout, accountNumber } = begun;
  // Throws when the rail cannot be reached: the Pending try is taken up again on the next tick.
  const outcome = await paymentRailFor(payout.mode).payout({
    idempotencyKey: `${payout.tradeId}:${payout.attempt}`,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    accountNumber,
    reference: payout.reference,
  });
  return inTransaction((q) => recordOutcome(q, payout, outcome));
}

async function lockDuePayout(q: Sql, tradeId: string): Promise<Locked | null> {
  const locked = await lockTradeWithClock(q, tradeId, { skipLocked: true });
  if (!locked) return null; // another instance is on it
  const { trade, tenant } = locked;
  const now = tenantNow(tenant, trade.mode);
  if (trade.deadlineKind !== "payoutCompleted" || !trade.deadlineAt || trade.deadlineAt > now) return null;
  return { trade, tenant, now };
}

/** No payout account yet (or any more): the payee's choosing one arms the payout again. */
async function waitForAccount(q: Sql, trade: Trade): Promise<Begun> {
  await disarm(q, trade.id);
  return { kind: "waiting" };
}

const disarm = (q: Sql, tradeId: string) =>
  q(statement`UPDATE "Trade" SET "deadlineAt" = NULL, "updatedAt" = ${new Date()}::timestamp WHERE "id" = ${tradeId}`);

async function recordOutcome(q: Sql, payout: Payout, outcome: PayoutOutcome): Promise<PayoutStep> {
  const { trade, tenant } = (await lockTradeWithClock(q, payout.tradeId, { skipLocked: false }))!;
  const now = tenantNow(tenant, trade.mode);
  // Only a Pending try takes an answer: another instance may have recorded this one already.
  const recorded =
    outcome.status === "paid"
      ? await q(statement`
          UPDATE "Payout" SET "state" = 'Paid', "paidAt" = ${now}::timestamp, "providerPayoutId" = ${outcome.providerPayoutId}
          WHERE "id" = ${payout.id} AND "state" = 'Pending' RETURNING "id"`)
      : await q(statement`
          UPDATE "Payout" SET "state" = 'Failed', "failedAt" = ${now}::timestamp, "failureReason" = ${outcome.reason}
          WHERE "id" = ${payout.id} AND "state" = 'Pending' RETURNING "id"`);
  if (recorded.length === 0) return null;
  metrics().payouts.inc({ outcome: outcome.status });
  if (outcome.status === "failed") {
    await disarm(q, trade.id);
    await writePayoutEvent(q, trade.id, "payout.failed", payout.id, now);
    return { state: trade.state };
  }
  const { trade: released } = await transitionTrade(q, {
    trade,
    settings: tenant,
    action: "payoutCompleted",
    actor: "paymentRail",
    now,
    details: { payeeBusinessUserId: payout.businessUserId },
  });
  await writePayoutEvent(q, trade.id, "payout.paid", payout.id, now);
  return { state: released.state };
}

/** What the recipient's bank statement shows: short, stable for the try, and traceable to it. */
function statementReference(tradeId: string, attempt: number): string {
  return `ESCROW-${tradeId.replaceAll("-", "").slice(0, 8).toUpperCase()}-${attempt}`;
}
