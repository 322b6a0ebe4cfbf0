// POST /v1/marketplace/users/{u}/trades/{t}/invitation/accept-and-pay: the payer accepts (if not
// yet) and gets the trade's escrow payment to complete. That payment exists from initiation
// (decisions.md §9): the API and the hosted checkout pay the same one, so paying twice never
// charges twice.
import { ApiError } from "../errors.ts";
import { db } from "../db/client.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { lockPartyTrade } from "../trades/lock-trade.ts";
import { decideOrThrow, statesAllowing } from "../trades/transition.ts";
import { serializePayment } from "./serialize-payment.ts";

/** Called by the API (a tenant's backend) and by the hosted checkout (the payer's browser). */
export async function acceptAndPay(
  context: { tenant: Tenant; mode: ApiMode; now: Date },
  marketplaceUserId: string,
  tradeId: string,
  receiverShopId: string | undefined,
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const payment = await db.$transaction(async (tx) => {
    const locked = await lockPartyTrade(tx, scope, marketplaceUserId, tradeId);
    const role = locked.role;
    let trade = locked.trade;
    if (role !== "payer") decideOrThrow(trade.state, "acceptInvitation", role);
    const escrow = await tx.payment.findFirst({
      where: { tradeId, purpose: "Escrow", state: { not: "Failed" } },
      orderBy: { createdAt: "desc" },
    });
    if (!escrow) throw new Error(`Trade ${tradeId} has no escrow payment: initiation creates it`);
    // Paid already (or refunded since): the same record. A cancelled one falls to the refusal below.
    if (escrow.state !== "Pending" && escrow.state !== "Cancelled") return escrow;
    const payable = statesAllowing("escrowPaid", "paymentRail");
    if (!payable.includes(trade.state)) {
      throw new ApiError(
        "invalid-state",
        `The payer cannot pay: the trade is \`${trade.state}\`; paying is allowed only when the trade is ${payable.map((s) => `\`${s}\``).join(", ")}.`,
      );
    }
    if (trade.state === "Created")
      trade = (await applyTransition(tx, trade, context.tenant, "acceptInvitation", "payer", context.now)).trade;
    if (receiverShopId === undefined || receiverShopId === escrow.receiverShopId) return escrow;
    return tx.payment.update({ where: { id: escrow.id }, data: { receiverShopId, updatedAt: context.now } });
  });
  return serializePayment(payment);
}
