// The payout of a settled trade (its payoutCompleted deadline), in steps so that the payment rail
// is never asked inside a database transaction and a try is never lost nor paid twice:
// 1. under the trade's lock, the try is written Pending (or a Pending one left by a crash is taken
//    up again); 2. the rail that took the escrow payment is asked, with idempotency keys from our
//    ids: the payee's account there is opened or brought up to date (./rail-payee.ts), the trade's
//    money is transferred to it and paid out to their bank; 3. under the lock again, the answer is
//    recorded. Paid releases the trade (ledger payout, payout.paid); Failed leaves the money owed
//    to the payee and the trade waiting for a new payout account (payout.failed); sent (the bank's
//    answer to come) waits for the rail's callback or the poll (./settle-rail-payout.ts), which
//    record the outcome the same way; waiting (the money not yet available to pay out) asks
//    again when the rail says it will be.
import type { Payout, Trade } from "../db/generated/client.ts";
import { tenantNow } from "../clock.ts";
import { metrics } from "../ops/metrics.ts";
import { paymentRailFor, railNamed } from "../outside-parties.ts";
import { RailPayeeRefused, type PaymentRail, type RailPayoutStatus } from "../payments/payment-rail.ts";
import { appendPayoutEvent } from "../trades/store/append-trade-event.ts";
import { chargebackHoldsPayout } from "../trades/store/chargeback-rows.ts";
import { tradeBalances } from "../trades/store/ledger-rows.ts";
import { tradeLocks, type TenantClock } from "../trades/store/lock.ts";
import {
  countPayoutWait,
  disarmPayout,
  earlierTransferOf,
  insertPayoutTry,
  payoutRecipient,
  pendingPayoutOf,
  rearmPayoutAt,
  recordPayoutOutcome,
  recordPayoutRoute,
  type PayoutOutcome,
  type PayoutRecipient,
} from "../trades/store/payout-rows.ts";
import { withLockedTrade, type LockedTradeTransaction } from "../trades/with-locked-trade.ts";
import { escrowAtRail, type EscrowAtRail } from "./escrow-at-rail.ts";
import { payeeAtRail } from "./rail-payee.ts";

type Locked = { trade: Trade; tenant: TenantClock; now: Date };
export type PayoutStep = { state: string } | null;
type Begun =
  | { kind: "ask"; payout: Payout; recipient: PayoutRecipient; escrow: EscrowAtRail; railTransferId: string | null }
  | { kind: "released"; state: string }
  | { kind: "waiting" };

/**
 * Runs the trade's due payout; null when there is nothing to do now (not due, taken, waiting).
 * `skipLocked: false` waits for another instance's step instead of skipping the trade: after its
 * step 1 this one finds the Pending try and asks the rail with the same idempotency keys; after its
 * step 3 the payout is no longer due.
 */
export async function payOutTrade(tradeId: string, { skipLocked = true } = {}): Promise<PayoutStep> {
  // Each step is one transaction, the trade locked with its tenant's clock.
  const begun = await withLockedTrade(
    tradeLocks.withClock(tradeId, { skipLocked }),
    async (locked, tx): Promise<Begun | null> => {
      const due = duePayout(locked);
      if (!due) return null;
      const { trade, tenant, now } = due;
      // A payer's bank is taking the money back: the payout waits until that is decided (and, lost, until staff decide).
      if (await chargebackHoldsPayout(tx.q, trade.id)) return waitForAccount(tx, trade);
      const recipient = await payoutRecipient(tx.q, trade);
      const escrow = await escrowAtRail(tx.q, trade);
      // The trade's money moves to the payee's account at the rail once; a later try pays out that.
      const railTransferId = await earlierTransferOf(tx.q, trade.id);
      const pending = await pendingPayoutOf(tx.q, tradeId);
      if (pending) {
        // Sent already: its outcome comes by the rail's callback or the poll, not by asking again.
        if (pending.sentAt) return waitForAccount(tx, trade);
        return recipient
          ? { kind: "ask", payout: pending, recipient, escrow, railTransferId }
          : await waitForAccount(tx, trade);
      }
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
      return { kind: "ask", payout, recipient, escrow, railTransferId };
    },
  );
  if (!begun || begun.kind === "waiting") return null;
  if (begun.kind === "released") return { state: begun.state };

  const { payout, recipient, escrow, railTransferId } = begun;
  // The rail that took the money pays it out, whatever is configured for new payments now.
  const rail = escrow?.provider ? railNamed(escrow.provider) : paymentRailFor(payout.mode);
  // Throws when the rail cannot be reached: the Pending try is taken up again on the next tick.
  const asked = await askRail(rail, { payout, recipient, escrow, railTransferId });
  return withLockedTrade(tradeLocks.withClock(payout.tradeId, { skipLocked: false }), async (locked, tx) => {
    if ("railAccountId" in asked)
      await recordPayoutRoute(tx.q, payout.id, {
        provider: rail.name,
        railAccountId: asked.railAccountId,
        railTransferId: asked.railTransferId,
      });
    if (asked.status.state === "waiting") {
      await countPayoutWait(tx.q, payout.id);
      await rearmPayoutAt(
        tx.q,
        payout.tradeId,
        new Date(tenantNow(locked!.tenant, locked!.trade.mode).getTime() + asked.status.retryAfterMs),
      );
      return null;
    }
    return recordOutcome(tx, locked!, payout, outcomeOf(asked.status));
  });
}

type Asked = { railAccountId: string; railTransferId: string; status: RailPayoutStatus } | { status: RailPayoutStatus };

async function askRail(
  rail: PaymentRail,
  { payout, recipient, escrow, railTransferId }: Omit<Extract<Begun, { kind: "ask" }>, "kind">,
): Promise<Asked> {
  let atRail;
  try {
    atRail = await payeeAtRail(rail, payout, recipient, payout.currency);
  } catch (error) {
    // The rail refused the payee's details: a failed try, and the payee is asked for another account.
    if (!(error instanceof RailPayeeRefused)) throw error;
    return { status: { state: "failed", reason: error.message, railPayoutId: null } };
  }
  const released = await rail.releaseToPayee({
    tradeId: payout.tradeId,
    payoutId: payout.id,
    railAccountId: atRail.railAccountId,
    railBankAccountId: atRail.railBankAccountId,
    railPaymentId: escrow?.railPaymentId ?? null,
    railTransferId,
    waits: payout.railWaits,
    amountMinor: payout.amountMinor,
    currency: payout.currency,
    reference: payout.reference,
  });
  return { railAccountId: atRail.railAccountId, ...released };
}

/** A rail's answer as the try records it (`waiting` is not recorded: the rail is asked again). */
export function outcomeOf(status: Exclude<RailPayoutStatus, { state: "waiting" }>): PayoutOutcome {
  switch (status.state) {
    case "pending":
      return { status: "sent", providerPayoutId: status.railPayoutId };
    case "paid":
      return { status: "paid", providerPayoutId: status.railPayoutId };
    case "failed":
      return { status: "failed", reason: status.reason, providerPayoutId: status.railPayoutId };
  }
}

function duePayout(locked: { trade: Trade; tenant: TenantClock } | null): Locked | null {
  if (!locked) return null; // another instance is on it
  const { trade, tenant } = locked;
  const now = tenantNow(tenant, trade.mode);
  if (trade.deadlineKind !== "payoutCompleted" || !trade.deadlineAt || trade.deadlineAt > now) return null;
  return { trade, tenant, now };
}

/**
 * No payout account yet (or any more), an open chargeback, or the outcome comes from the rail: the
 * deadline is off until the account is given, the chargeback won, or the outcome recorded.
 */
async function waitForAccount(tx: LockedTradeTransaction, trade: Trade): Promise<Begun> {
  await disarmPayout(tx.q, trade.id);
  return { kind: "waiting" };
}

/** Records a try's outcome under the trade's lock; also the way the rail's later news is recorded. */
export async function recordOutcome(
  tx: LockedTradeTransaction,
  { trade, tenant }: { trade: Trade; tenant: TenantClock },
  payout: Payout,
  outcome: PayoutOutcome,
): Promise<PayoutStep> {
  const now = tenantNow(tenant, trade.mode);
  // Only a Pending try takes an answer: another instance may have recorded this one already.
  if (!(await recordPayoutOutcome(tx.q, payout.id, outcome, now))) return null;
  if (outcome.status === "sent") {
    await disarmPayout(tx.q, trade.id);
    return { state: trade.state };
  }
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
