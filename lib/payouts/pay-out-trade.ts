// The payout of a settled trade (its payoutCompleted deadline), in three steps so that the payment
// rail is never asked inside a database transaction and a try is never lost nor paid twice:
// 1. under the trade's lock, the try is written Pending (or a Pending one left by a crash is taken
//    up again); 2. the rail is asked with the try's idempotency key; 3. under the lock again, the
//    answer is recorded: Paid releases the trade (ledger payout, payout.paid), Failed leaves the
//    money owed to the payee and the trade waiting for a new payout account (payout.failed).
import type { Payout, Trade } from "../db/generated/client.ts";
import { tenantNow } from "../clock.ts";
import { metrics } from "../ops/metrics.ts";
import { paymentRailFor } from "../outside-parties.ts";
import type { PayoutOutcome } from "../payments/payment-rail.ts";
import { appendPayoutEvent } from "../trades/store/append-trade-event.ts";
import { tradeBalances } from "../trades/store/ledger-rows.ts";
import { tradeLocks, type TenantClock } from "../trades/store/lock.ts";
import {
  disarmPayout,
  insertPayoutTry,
  payoutRecipient,
  pendingPayoutOf,
  recordPayoutOutcome,
} from "../trades/store/payout-rows.ts";
import { withLockedTrade, type LockedTradeTransaction } from "../trades/with-locked-trade.ts";

type Locked = { trade: Trade; tenant: TenantClock; now: Date };
export type PayoutStep = { state: string } | null;
type Begun =
  { kind: "ask"; payout: Payout; accountNumber: string } | { kind: "released"; state: string } | { kind: "waiting" };

/** Runs the trade's due payout; null when there is nothing to do now (not due, taken, waiting). */
export async function payOutTrade(tradeId: string): Promise<PayoutStep> {
  // Each step is one transaction, the trade locked with its tenant's clock (another instance on it: skipped).
  const begun = await withLockedTrade(
    tradeLocks.withClock(tradeId, { skipLocked: true }),
    async (locked, tx): Promise<Begun | null> => {
      const due = duePayout(locked);
      if (!due) return null;
      const { trade, tenant, now } = due;
      const recipient = await payoutRecipient(tx.q, trade);
      const pending = await pendingPayoutOf(tx.q, tradeId);
      if (pending)
        return recipient
          ? { kind: "ask", payout: pending, accountNumber: recipient.accountNumber }
          : await waitForAccount(tx, trade);
      const { payeePayable } = await tradeBalances(tx.q, trade.id);
      // Nothing owed (a settlement refunded all of the payee's part): released without a payout.
      if (payeePayable === 0n) {
        const released = await tx.transition({
          trade,
          settings: tenant,
          action: "payoutCompleted",
          actor: "paymentRail",
          now,
        });
        return { kind: "released", state: released.trade.state };
      }
      if (!recipient) return waitForAccount(tx, trade);
      const payout = await insertPayoutTry(
        tx.q,
        trade,
        recipient,
        payeePayable,
        (n) => statementReference(tradeId, n),
        now,
      );
      return { kind: "ask", payout, accountNumber: recipient.accountNumber };
    },
  );
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
  return withLockedTrade(tradeLocks.withClock(payout.tradeId, { skipLocked: false }), (locked, tx) =>
    recordOutcome(tx, locked!, payout, outcome),
  );
}

function duePayout(locked: { trade: Trade; tenant: TenantClock } | null): Locked | null {
  if (!locked) return null; // another instance is on it
  const { trade, tenant } = locked;
  const now = tenantNow(tenant, trade.mode);
  if (trade.deadlineKind !== "payoutCompleted" || !trade.deadlineAt || trade.deadlineAt > now) return null;
  return { trade, tenant, now };
}

/** No payout account yet (or any more): the payee's choosing one arms the payout again. */
async function waitForAccount(tx: LockedTradeTransaction, trade: Trade): Promise<Begun> {
  await disarmPayout(tx.q, trade.id);
  return { kind: "waiting" };
}

async function recordOutcome(
  tx: LockedTradeTransaction,
  { trade, tenant }: { trade: Trade; tenant: TenantClock },
  payout: Payout,
  outcome: PayoutOutcome,
): Promise<PayoutStep> {
  const now = tenantNow(tenant, trade.mode);
  // Only a Pending try takes an answer: another instance may have recorded this one already.
  if (!(await recordPayoutOutcome(tx.q, payout.id, outcome, now))) return null;
  metrics().payouts.inc({ outcome: outcome.status });
  if (outcome.status === "failed") {
    await disarmPayout(tx.q, trade.id);
    await appendPayoutEvent(tx.q, trade.id, "payout.failed", payout.id, now);
    return { state: trade.state };
  }
  const { trade: released } = await tx.transition({
    trade,
    settings: tenant,
    action: "payoutCompleted",
    actor: "paymentRail",
    now,
    details: { payeeBusinessUserId: payout.businessUserId },
  });
  await appendPayoutEvent(tx.q, trade.id, "payout.paid", payout.id, now);
  return { state: released.state };
}

/** What the recipient's bank statement shows: short, stable for the try, and traceable to it. */
function statementReference(tradeId: string, attempt: number): string {
  return `ESCROW-${tradeId.replaceAll("-", "").slice(0, 8).toUpperCase()}-${attempt}`;
}
