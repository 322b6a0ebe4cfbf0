// POST /v1/marketplace/users/{u}/trades/{t}/invitation/accept-and-pay: the payer accepts (if not
// yet) and gets the trade's escrow payment to complete. That payment exists from initiation
// (decisions.md §9): the API and the hosted checkout pay the same one, so paying twice never
// charges twice. A payer connected as the payee's own person is refused before anything is paid.
import { AppError } from "../errors.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { refuseOnePersonOnBothSides } from "../trades/distinct-parties.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { escrowPaymentOf, setReceiverShop } from "../trades/store/payment-rows.ts";
import { decideOrThrow, statesAllowing } from "../trades/transition.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import { serializePayment } from "./serialize-payment.ts";

/** Called by the API (a tenant's backend) and by the hosted checkout (the payer's browser). */
export async function acceptAndPay(
  context: { tenant: Tenant; mode: ApiMode; now: Date },
  marketplaceUserId: string,
  tradeId: string,
  receiverShopId: string | undefined,
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  // The trade's lock, its escrow payment, the acceptance's transition statement. The lock, the
  // payment's read and whether the payer is the payee's own person go out together (store/lock.ts
  // alongWith): the reads run once the lock is granted, so they see what committed while this
  // request waited for it, and the use case waits one round trip for all three. The refusal of
  // one person on both sides (a payer may connect after initiation) is kept until paying is known
  // to be ahead.
  const lock = tradeLocks.ofParty(scope, marketplaceUserId, tradeId).alongWith(async (q) => {
    const onePerson = refuseOnePersonOnBothSides(q, scope, tradeId).then(
      () => null,
      (error: unknown) => error,
    );
    return { escrow: await escrowPaymentOf(q, scope, tradeId), onePerson };
  });
  const payment = await withLockedTrade(lock, async ({ locked: { role, trade }, read: { escrow, onePerson } }, tx) => {
    if (role !== "payer") decideOrThrow(trade.state, "acceptInvitation", role);
    if (!escrow) throw new Error(`Trade ${tradeId} has no escrow payment: initiation creates it`);
    // Paid already (or refunded since): the same record. A cancelled one falls to the refusal below.
    if (escrow.state !== "Pending" && escrow.state !== "Cancelled") return escrow;
    const payable = statesAllowing("escrowPaid", "paymentRail");
    if (!payable.includes(trade.state)) {
      throw new AppError(
        "invalid-state",
        `The payer cannot pay: the trade is \`${trade.state}\`; paying is allowed only when the trade is ${payable.map((s) => `\`${s}\``).join(", ")}.`,
      );
    }
    const refusal = await onePerson;
    if (refusal) throw refusal;
    if (trade.state === "Created")
      await tx.transition({
        trade,
        settings: context.tenant,
        action: "acceptInvitation",
        actor: "payer",
        now: context.now,
      });
    if (receiverShopId === undefined || receiverShopId === escrow.receiverShopId) return escrow;
    return setReceiverShop(tx.q, escrow.id, receiverShopId, context.now);
  });
  return serializePayment(payment);
}
