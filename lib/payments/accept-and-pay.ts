// POST /v1/marketplace/users/{u}/trades/{t}/invitation/accept-and-pay: the payer accepts (if not
// yet) and gets the trade's escrow payment to complete. That payment exists from initiation
// (decisions.md §9): the API and the hosted pages pay the same one and decide alike
// (lib/payments/pay-pending-payment.ts acceptingToPay), so paying twice never charges twice. A payer
// connected as the payee's own person is refused before anything is paid.
import type { Tenant } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { tradeLocks } from "../trades/store/lock.ts";
import { setReceiverShop } from "../trades/store/payment-rows.ts";
import { withLockedTrade } from "../trades/with-locked-trade.ts";
import { acceptingToPay } from "./pay-pending-payment.ts";
import { serializePayment } from "./serialize-payment.ts";

export async function acceptAndPay(
  context: { tenant: Tenant; mode: ApiMode; now: Date },
  marketplaceUserId: string,
  tradeId: string,
  receiverShopId: string | undefined,
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const accept = acceptingToPay(context);
  const payment = await withLockedTrade(
    tradeLocks.toPayEscrow(scope, marketplaceUserId, tradeId),
    async (locked, tx) => {
      const escrow = await accept(locked, tx);
      if (escrow.state !== "Pending" || receiverShopId === undefined || receiverShopId === escrow.receiverShopId)
        return escrow;
      return setReceiverShop(tx.q, escrow.id, receiverShopId, context.now);
    },
  );
  return serializePayment(payment);
}
