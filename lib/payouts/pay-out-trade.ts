// The payout of a settled trade (its payoutCompleted deadline), in three steps so that the payment
// rail is never asked inside a database transaction and a try is never lost nor paid twice:
// 1. under the trade's lock, the try is written Pending (or a Pending one left by a crash is taken
//    up again); 2. the rail is asked with the try's idempotency key; 3. under the lock again, the
//    answer is recorded: Paid releases the trade (ledger payout, payout.paid), Failed leaves the
//    money owed to the payee and the trade waiting for a new payout account (payout.failed).
import { db } from "../db/client.ts";
import type { Payout, Tenant, Trade } from "../db/generated/client.ts";
import { tenantNow } from "../clock.ts";
import { tradeBalances } from "../money/ledger.ts";
import { metrics } from "../ops/metrics.ts";
import { paymentRailFor } from "../outside-parties.ts";
import type { PayoutOutcome } from "../payments/payment-rail.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import { writePayoutEvent } from "../trades/trade-events.ts";
import { payoutRecipient } from "./payout-recipient.ts";
import { lockTrade, tryLockTrade } from "../trades/lock-trade.ts";

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];
type Locked = { trade: Trade & { tenant: Tenant }; now: Date };
export type PayoutStep = { state: string } | null;
type Begun =
  { kind: "ask"; payout: Payout; accountNumber: string } | { kind: "released"; state: string } | { kind: "waiting" };

/** Runs the trade's due payout; null when there is nothing to do now (not due, taken, waiting). */
export async function payOutTrade(tradeId: string): Promise<PayoutStep> {
  const begun = await db.$transaction(async (tx): Promise<Begun | null> => {
    const locked = await lockDuePayout(tx, tradeId);
    if (!locked) return null;
    const { trade, now } = locked;
    const recipient = await payoutRecipient(tx, trade);
    const pending = await tx.payout.findFirst({ where: { tradeId, state: "Pending" } });
    if (pending)
      return recipient
        ? { kind: "ask", payout: pending, accountNumber: recipient.accountNumber }
        : await waitForAccount(tx, trade);
    const { payeePayable } = await tradeBalances(tx, trade.id);
    // Nothing owed (a settlement refunded all of the payee's part): released without a payout.
    if (payeePayable === 0n)
      return {
        kind: "released",
        state: (await applyTransition(tx, trade, trade.tenant, "payoutCompleted", "paymentRail", now)).trade.state,
      };
    if (!recipient) return waitForAccount(tx, trade);
    const tries = await tx.payout.count({ where: { tradeId } });
    const payout = await tx.payout.create({
      data: {
        tenantId: trade.tenantId,
        mode: trade.mode,
        tradeId,
        attempt: tries + 1,
        recipientMarketplaceUserId: recipient.marketplaceUserId,
        businessUserId: recipient.business?.businessUserId ?? null,
        businessId: recipient.business?.businessId ?? null,
        businessLocationId: recipient.business?.businessLocationId ?? null,
        amountMinor: payeePayable,
        currency: trade.currency,
        bankAccountLast4: recipient.last4,
        reference: statementReference(trade.id, tries + 1),
        createdAt: now,
      },
    });
    return { kind: "ask", payout, accountNumber: recipient.accountNumber };
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
  return db.$transaction((tx) => recordOutcome(tx, payout, outcome));
}

async function lockDuePayout(tx: Tx, tradeId: string): Promise<Locked | null> {
  const trade = await tryLockTrade(tx, tradeId);
  if (!trade) return null; // another instance is on it
  const now = tenantNow(trade.tenant, trade.mode);
  if (trade.deadlineKind !== "payoutCompleted" || !trade.deadlineAt || trade.deadlineAt > now) return null;
  return { trade, now };
}

/** No payout account yet (or any more): the payee's choosing one arms the payout again. */
async function waitForAccount(tx: Tx, trade: Trade): Promise<Begun> {
  await tx.trade.update({ where: { id: trade.id }, data: { deadlineAt: null } });
  return { kind: "waiting" };
}

async function recordOutcome(tx: Tx, payout: Payout, outcome: PayoutOutcome): Promise<PayoutStep> {
  const trade = await lockTrade(tx, payout.tradeId);
  const now = tenantNow(trade.tenant, trade.mode);
  // Only a Pending try takes an answer: another instance may have recorded this one already.
  const { count } = await tx.payout.updateMany({
    where: { id: payout.id, state: "Pending" },
    data:
      outcome.status === "paid"
        ? { state: "Paid", paidAt: now, providerPayoutId: outcome.providerPayoutId }
        : { state: "Failed", failedAt: now, failureReason: outcome.reason },
  });
  if (count === 0) return null;
  metrics().payouts.inc({ outcome: outcome.status });
  if (outcome.status === "failed") {
    await tx.trade.update({ where: { id: trade.id }, data: { deadlineAt: null } });
    await writePayoutEvent(tx, trade.id, "payout.failed", payout.id, now);
    return { state: trade.state };
  }
  const { trade: released } = await applyTransition(tx, trade, trade.tenant, "payoutCompleted", "paymentRail", now, {
    payeeBusinessUserId: payout.businessUserId,
  });
  await writePayoutEvent(tx, trade.id, "payout.paid", payout.id, now);
  return { state: released.state };
}

/** What the recipient's bank statement shows: short, stable for the try, and traceable to it. */
function statementReference(tradeId: string, attempt: number): string {
  return `ESCROW-${tradeId.replaceAll("-", "").slice(0, 8).toUpperCase()}-${attempt}`;
}
