// POST /v1/marketplace/users/{u}/trades/{t}/invitation/accept-and-pay: the payer accepts (if not
// yet) and gets the trade's escrow payment to complete. That payment exists from initiation
// (decisions.md §9): the API and the hosted checkout pay the same one, so paying twice never
// charges twice. A payer connected as the payee's own person is refused before anything is paid.
import { AppError } from "../errors.ts";
import type { Payment, Tenant } from "../db/generated/client.ts";
import { inTransaction, statement } from "../db/sql.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { refuseOnePersonOnBothSides } from "../trades/distinct-parties.ts";
import { lockPartyTradeRow } from "../trades/store/lock.ts";
import { decideOrThrow, statesAllowing } from "../trades/transition.ts";
import { transitionTrade } from "../trades/transition-trade.ts";
import { serializePayment } from "./serialize-payment.ts";

/** Called by the API (a tenant's backend) and by the hosted checkout (the payer's browser). */
export async function acceptAndPay(
  context: { tenant: Tenant; mode: ApiMode; now: Date },
  marketplaceUserId: string,
  tradeId: string,
  receiverShopId: string | undefined,
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  // On the driver: the trade's lock, its escrow payment, the acceptance's transition statement.
  const payment = await inTransaction(async (q) => {
    // The lock and the payment's read go out together (lib/db/sql.ts Sql): the read runs once the
    // lock is granted, so it sees a payment committed while this request waited for the lock.
    const locking = lockPartyTradeRow(q, scope, marketplaceUserId, tradeId);
    const escrowRead = q<Payment>(statement`
      SELECT * FROM "Payment"
      WHERE "tenantId" = ${scope.tenantId} AND "mode" = ${scope.mode}::"ApiMode" AND "tradeId" = ${tradeId}
        AND "purpose" = 'Escrow' AND "state" <> 'Failed'
      ORDER BY "createdAt" DESC LIMIT 1`);
    // With them, whether the payer is the payee's own person (a payer may connect after initiation):
    // its refusal is kept until paying is known to be ahead.
    const onePerson = refuseOnePersonOnBothSides(q, scope, tradeId).then(
      () => null,
      (error: unknown) => error,
    );
    const { role, trade } = await locking;
    if (role !== "payer") decideOrThrow(trade.state, "acceptInvitation", role);
    const [escrow] = await escrowRead;
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
      await transitionTrade(q, {
        trade,
        settings: context.tenant,
        action: "acceptInvitation",
        actor: "payer",
        now: context.now,
      });
    if (receiverShopId === undefined || receiverShopId === escrow.receiverShopId) return escrow;
    const [updated] = await q<Payment>(statement`
      UPDATE "Payment" SET "receiverShopId" = ${receiverShopId}, "updatedAt" = ${context.now}::timestamp
      WHERE "id" = ${escrow.id} RETURNING *`);
    return updated!;
  });
  return serializePayment(payment);
}
