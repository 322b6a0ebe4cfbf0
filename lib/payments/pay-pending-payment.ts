// The hosted payment, one use case whoever sends the payer (the checkout, the payment flow): the
// payment to pay is the trade's escrow payment, accepted first under the trade's lock where the
// trade still waits for the payer (the API's accept-and-pay decides the same way), or a payment
// named by id; the payer is then sent to its rail payment (lib/payments/open-rail-payment.ts). The
// outcome arrives later from the rail, by its signed callback or the payer's return, and goes
// through lib/payments/settle-rail-payment.ts whichever comes first.
import type { Payment, Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { payerIsPayee } from "../trades/distinct-parties.ts";
import { tradeLocks, type TradeLock } from "../trades/store/lock.ts";
import { decideOrThrow, statesAllowing } from "../trades/transition.ts";
import { withLockedTrade, type LockedTradeTransaction } from "../trades/with-locked-trade.ts";
import { stepToRail, type PaymentStep, type RailPages } from "./open-rail-payment.ts";

/** Who pays and when: the tenant's settings (the transition's deadlines) and the tenant's clock. */
export type PayingContext = { tenant: Tenant; mode: ApiMode; now: Date };

/** The escrow payment of the payer's trade (the checkout), or a payment by id (the payment flow). */
export type PaymentToPay =
  | { kind: "escrow"; context: PayingContext; marketplaceUserId: string; tradeId: string }
  | { kind: "payment"; paymentId: string };

/** The payer's next step to pay `payment`: the rail's page, paid already, or not payable now. */
export async function payPendingPayment(payment: PaymentToPay, pages: RailPages): Promise<PaymentStep> {
  const paymentId = payment.kind === "escrow" ? (await acceptEscrowPayment(payment)).id : payment.paymentId;
  return stepToRail(paymentId, pages);
}

function acceptEscrowPayment({ context, marketplaceUserId, tradeId }: Extract<PaymentToPay, { kind: "escrow" }>) {
  const accept = acceptingToPay(context);
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  return withLockedTrade(tradeLocks.toPayEscrow(scope, marketplaceUserId, tradeId), accept);
}

/** What tradeLocks.toPayEscrow locks and reads. */
type PayingLock = ReturnType<typeof tradeLocks.toPayEscrow> extends TradeLock<infer Locked> ? Locked : never;

/**
 * The decision under the trade's lock (tradeLocks.toPayEscrow): the payer accepts the trade if it
 * still waits for them and gets its escrow payment, the same record however often they ask (paying
 * twice never charges twice, decisions.md §9). Refused when the trade cannot be paid now, and when
 * the parties are connected as one person (a payer may connect after initiation).
 */
export const acceptingToPay =
  (context: PayingContext) =>
  async ({ locked: { role, trade }, read: { escrow, samePerson } }: PayingLock, tx: LockedTradeTransaction) => {
    if (role !== "payer") decideOrThrow(trade.state, "acceptInvitation", role);
    if (!escrow) throw new Error(`Trade ${trade.id} has no escrow payment: initiation creates it`);
    // Paid already (or refunded since): the same record. A cancelled one falls to the refusal below.
    if (escrow.state !== "Pending" && escrow.state !== "Cancelled") return escrow;
    const payable = statesAllowing("escrowPaid", "paymentRail");
    if (!payable.includes(trade.state)) {
      throw new AppError(
        "invalid-state",
        `The payer cannot pay: the trade is \`${trade.state}\`; paying is allowed only when the trade is ${payable.map((s) => `\`${s}\``).join(", ")}.`,
      );
    }
    if (samePerson) throw payerIsPayee(samePerson.payer, samePerson.payee);
    if (trade.state === "Created")
      await tx.transition({
        trade,
        settings: context.tenant,
        action: "acceptInvitation",
        actor: "payer",
        now: context.now,
      });
    return escrow satisfies Payment;
  };
