// A chargeback: the payer's bank takes a paid escrow payment back (Stripe's dispute), weeks after
// the payment, whatever the trade's state. The rail's callback names the dispute; the rail is asked
// where it stands, and under the trade's lock it is recorded once: opened (a Chargeback row, the
// ledger's `chargeback` transfer — the payer's bank took it, the service bears it — and
// trade.chargeback_opened), then closed (won: the `chargeback_reversal` transfer gives it back and
// a payout held for it goes on; lost: it stays with the payer, and the payout stays held for staff
// to decide; trade.chargeback_closed). A duplicate or late callback finds it recorded and changes
// nothing. The rail's fee for the dispute is the rail's cost, shown by reconciliation.
import { tenantNow } from "../clock.ts";
import { db } from "../db/client.ts";
import { appendChargebackEvent } from "../trades/store/append-trade-event.ts";
import { chargebackOf, closeChargeback, insertChargeback, rearmHeldPayout } from "../trades/store/chargeback-rows.ts";
import { writeTransfer } from "../trades/store/ledger-rows.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import type { PaymentRail } from "./payment-rail.ts";

export async function settleRailDispute(rail: PaymentRail, railDisputeId: string): Promise<void> {
  const dispute = await rail.disputeStatus(railDisputeId);
  const payment = dispute.paymentId
    ? await db.payment.findUnique({ where: { id: dispute.paymentId }, select: { id: true, tradeId: true } })
    : null;
  if (!payment) return; // a payment of another deployment sharing the rail account
  await withLockedTrade(tradeLocks.withClock(payment.tradeId, { skipLocked: false }), async (locked, tx) => {
    const { trade, tenant } = locked!;
    const now = tenantNow(tenant, trade.mode);
    const scope = { tenantId: trade.tenantId, mode: trade.mode, tradeId: trade.id, currency: dispute.currency };
    const taken = [
      { account: "payer_chargeback" as const, amountMinor: dispute.amountMinor },
      { account: "chargeback_loss" as const, amountMinor: -dispute.amountMinor },
    ];
    let chargeback = await chargebackOf(tx.q, rail.name, railDisputeId);
    if (!chargeback) {
      chargeback = await insertChargeback(tx.q, {
        tenantId: trade.tenantId,
        mode: trade.mode,
        tradeId: trade.id,
        paymentId: payment.id,
        provider: rail.name,
        railDisputeId,
        amountMinor: dispute.amountMinor,
        currency: dispute.currency,
        reason: dispute.reason,
        openedAt: now,
      });
      await writeTransfer(tx.q, scope, "chargeback", taken, now);
      await appendChargebackEvent(
        tx.q,
        trade.id,
        "trade.chargeback_opened",
        { chargebackId: chargeback.id, chargebackState: "open" },
        now,
      );
    }
    if (chargeback.state !== "Open" || dispute.state === "open") return;
    await closeChargeback(tx.q, chargeback.id, dispute.state === "won" ? "Won" : "Lost", now);
    if (dispute.state === "won") {
      const givenBack = taken.map((p) => ({ ...p, amountMinor: -p.amountMinor }));
      await writeTransfer(tx.q, scope, "chargeback_reversal", givenBack, now);
      await rearmHeldPayout(tx.q, trade.id, now);
    }
    await appendChargebackEvent(
      tx.q,
      trade.id,
      "trade.chargeback_closed",
      { chargebackId: chargeback.id, chargebackState: dispute.state },
      now,
    );
  });
}
