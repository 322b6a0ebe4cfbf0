// GET /v1/marketplace/users/{u}/trades/{t}/payment: the trade's latest payment into escrow.
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { serializePayment } from "./serialize-payment.ts";

export async function getEscrowPayment(context: TenantContext, marketplaceUserId: string, tradeId: string) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const payment = await db.payment.findFirst({
    where: {
      ...scope,
      tradeId,
      purpose: "Escrow",
      trade: { OR: [{ payerMarketplaceUserId: marketplaceUserId }, { payeeMarketplaceUserId: marketplaceUserId }] },
    },
    orderBy: { createdAt: "desc" },
  });
  if (!payment)
    throw AppError.notFound(
      `A payment to escrow for trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`,
    );
  return serializePayment(payment);
}
