// POST /v1/marketplace/users/{u}/trades/{t}/invitation/accept-and-pay: the payer accepts (if not
// yet) and gets the escrow payment to complete. Paying twice never charges twice: while an escrow
// payment is pending or paid, the same one is returned.
import { ApiError } from "../api/errors.ts";
import { db } from "../db/client.ts";
import { applyTransition } from "../trades/apply-transition.ts";
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { lockPartyTrade } from "../trades/lock-trade.ts";
import { decideOrThrow, statesAllowing } from "../trades/transition.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { serializePayment } from "./serialize-payment.ts";

/** Called by the API (a tenant's backend) and by the hosted checkout (the payer's browser). */
export async function acceptAndPay(context: { tenant: Tenant; mode: ApiMode; now: Date }, marketplaceUserId: string, tradeId: string, receiverShopId: string | undefined) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  // The rail payment is opened first, for the trade's total (fixed at initiation): an outside
  // call does not belong inside a transaction. If an earlier payment is returned below, this one
  // is never used and lapses at the rail.
  const known = await db.trade.findFirst({ where: { id: tradeId, ...scope, payerMarketplaceUserId: marketplaceUserId }, select: { payerTotalMinor: true, currency: true } });
  // The trade's own currency (fixed at initiation), like the payment row below.
  const { externalId } = await paymentRailFor(context.mode).createPayment({ amountMinor: known?.payerTotalMinor ?? 0n, currency: known?.currency ?? context.tenant.currency, description: `Escrow for trade ${tradeId}` });
  const payment = await db.$transaction(async (tx) => {
    const locked = await lockPartyTrade(tx, scope, marketplaceUserId, tradeId);
    const role = locked.role;
    let trade = locked.trade;
    if (role !== "payer") decideOrThrow(trade.state, "acceptInvitation", role);
    const existing = await tx.payment.findFirst({ where: { tradeId, purpose: "Escrow", state: { in: ["Pending", "Paid"] } }, orderBy: { createdAt: "desc" } });
    if (existing) return existing;
    const payable = statesAllowing("escrowPaid", "paymentRail");
    if (!payable.includes(trade.state)) {
      throw new ApiError("invalid-state", `The payer cannot pay: the trade is \`${trade.state}\`; paying is allowed only when the trade is ${payable.map((s) => `\`${s}\``).join(", ")}.`);
    }
    if (trade.state === "Created") trade = (await applyTransition(tx, trade, context.tenant, "acceptInvitation", "payer", context.now)).trade;
    return tx.payment.create({
      data: { ...scope, tradeId, marketplaceUserId, purpose: "Escrow", amountMinor: trade.payerTotalMinor, currency: trade.currency, externalId, receiverShopId: receiverShopId ?? null, createdAt: context.now },
    });
  });
  return serializePayment(payment);
}
