// Staff decide who bears a chargeback the service lost before the trade's payout (the payout is
// held from the chargeback's opening: lib/payments/settle-rail-dispute.ts). Either the payee is
// paid anyway (the service bears the loss: the payout goes on), or the payee's part pays for it:
// what the payee is owed, up to the chargeback's amount, moves to the chargeback's loss (ledger
// `chargeback_recovery`), and where the rail had already moved that money to the payee's account
// (the payout's transfer, its payout waiting for the funds) the transfer is reversed at the rail.
// The trade then pays out what is left, if anything (released without a payout when nothing is).
//
// In steps, as a payout is, so that the rail is never asked inside a transaction and a reversal is
// never made twice: the decision is checked under the trade's lock; the rail reverses with an
// idempotency key from the chargeback's id (the same amount each time: nothing moves the payee's
// money while the payout is held); then the decision is recorded under the lock, once. A crash
// between the rail's answer and the record leaves the decision to take again, which finds the
// same reversal (and reconciliation shows the reversal until then).
import { tenantNow } from "../clock.ts";
import type { Chargeback, Payout, Tenant, Trade } from "../db/generated/client.ts";
import type { ChargebackDecision } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { paymentRailFor, railNamed } from "../outside-parties.ts";
import { chargebackOfTrade, recordChargebackDecision, rearmHeldPayout } from "../trades/store/chargeback-rows.ts";
import { tradeBalances, writeTransfer } from "../trades/store/ledger-rows.ts";
import { pendingPayoutOf, tryWithTransferOf, withdrawPayoutTry } from "../trades/store/payout-rows.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade, type LockedTradeTransaction } from "../trades/with-locked-trade.ts";

export interface LostChargebackDecision {
  tenant: Tenant;
  tradeId: string;
  chargebackId: string;
  decision: ChargebackDecision;
  /** The staff member, on the chargeback's record. */
  decidedBy: string;
}

interface Decidable {
  chargeback: Chargeback;
  /** The payee's part that pays for the chargeback (RecoverFromPayee). */
  recoverMinor: bigint;
  /** A try waiting for the money to be available to pay out (none: the payout was held before one began). */
  waitingTry: Payout | null;
  /** The try whose transfer moved the trade's money to the payee's account at the rail, if one did. */
  transferred: Payout | null;
}

export async function decideLostChargeback(input: LostChargebackDecision): Promise<{ decision: ChargebackDecision }> {
  const checked = await withLockedTrade(tradeLocks.ofTenant(input.tenant.id, input.tradeId), (trade, tx) =>
    decidable(tx, trade, input.chargebackId),
  );
  const reversal =
    input.decision === "RecoverFromPayee" && checked.transferred && checked.recoverMinor > 0n
      ? await reverseAtRail(checked.transferred, checked.recoverMinor, checked.chargeback.id)
      : null;
  return withLockedTrade(tradeLocks.ofTenant(input.tenant.id, input.tradeId), async (trade, tx) => {
    const { chargeback, recoverMinor, waitingTry } = await decidable(tx, trade, input.chargebackId);
    const now = tenantNow(input.tenant, trade.mode);
    const recovers = input.decision === "RecoverFromPayee";
    await recordChargebackDecision(tx.q, chargeback.id, {
      decision: input.decision,
      decidedAt: now,
      decidedBy: input.decidedBy,
      recoveredMinor: recovers ? recoverMinor : null,
      railReversalId: reversal?.railReversalId ?? null,
    });
    if (recovers && recoverMinor > 0n) {
      const scope = { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, currency: chargeback.currency };
      await writeTransfer(
        tx.q,
        scope,
        "chargeback_recovery",
        [
          { account: "payee_payable", amountMinor: -recoverMinor },
          { account: "chargeback_loss", amountMinor: recoverMinor },
        ],
        now,
      );
      // The waiting try's amount is no longer the payee's to receive: the next try pays what is left.
      if (waitingTry) await withdrawPayoutTry(tx.q, waitingTry.id, "Taken back for a lost chargeback", now);
    }
    await rearmHeldPayout(tx.q, trade.id, now);
    return { decision: input.decision };
  });
}

/**
 * The chargeback, if it waits for this decision: lost, undecided, and the trade's payout held for
 * it (the trade settled, no payout sent or paid: pay-out-trade.ts holds it from the next round on,
 * lib/trades/store/chargeback-rows.ts chargebackHoldsPayout). Otherwise the staff member's view is
 * out of date.
 */
async function decidable(tx: LockedTradeTransaction, trade: Trade, chargebackId: string): Promise<Decidable> {
  const chargeback = await chargebackOfTrade(tx.q, trade.id, chargebackId);
  if (!chargeback) throw AppError.notFound(`Chargeback ${JSON.stringify(chargebackId)}`);
  const refuse = (why: string) => new AppError("invalid-state", `${why}: read the trade again.`);
  if (chargeback.decision) throw refuse(`The chargeback was decided already (${chargeback.decision})`);
  if (chargeback.state !== "Lost") throw refuse(`The chargeback is ${chargeback.state}, not lost`);
  // A payout sent or paid before the chargeback was lost: the service bore it, nothing is held
  // (a settled trade is Succeeded until its payout is paid, then Released).
  const waitingTry = await pendingPayoutOf(tx.q, trade.id);
  if (trade.state !== "Succeeded" || waitingTry?.sentAt)
    throw refuse(`The trade's payout is not held for the chargeback (the trade is ${trade.state})`);
  const { payeePayable } = await tradeBalances(tx.q, trade.id);
  const recoverMinor = payeePayable < chargeback.amountMinor ? payeePayable : chargeback.amountMinor;
  return { chargeback, recoverMinor, waitingTry, transferred: await tryWithTransferOf(tx.q, trade.id) };
}

/** The transfer to the payee's account reversed by `amountMinor`, once per chargeback, at the rail that made it. */
async function reverseAtRail(transferred: Payout, amountMinor: bigint, chargebackId: string) {
  const rail = transferred.provider ? railNamed(transferred.provider) : paymentRailFor(transferred.mode);
  return rail.reverseTransfer({
    railTransferId: transferred.railTransferId!,
    amountMinor,
    currency: transferred.currency,
    tradeId: transferred.tradeId,
    idempotencyKey: `reversal-chargeback-${chargebackId}`,
  });
}
