// POST /v1/marketplace/users/{u}/payments/{paymentId}/flow: the hosted page where the user
// completes a pending payment (escrow, or a shipping label).
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import { checkAppSwitch, checkRedirectUrl } from "../hosted-links/redirect-urls.ts";
import { createHostedSession } from "../hosted-links/sessions.ts";
import { refuseOnePersonOnBothSides } from "../trades/distinct-parties.ts";
import { paymentNamed } from "./find-payment.ts";
import type { PaymentFlowBody } from "./schemas.ts";

export async function initiatePaymentFlow(
  context: TenantContext & { now: Date },
  marketplaceUserId: string,
  paymentId: string,
  body: z.output<typeof PaymentFlowBody>,
) {
  const { tenant, mode, now } = context;
  const successUrl = checkRedirectUrl(tenant, mode, "successUrl", body.successUrl);
  const cancelUrl = checkRedirectUrl(tenant, mode, "cancelUrl", body.cancelUrl);
  const appSwitch = checkAppSwitch(tenant, mode, body.appSwitch);
  const payment = await db.payment.findFirst({
    where: { ...paymentNamed(paymentId), tenantId: tenant.id, mode, marketplaceUserId },
  });
  if (!payment)
    throw AppError.notFound(`Payment ${JSON.stringify(paymentId)} of user ${JSON.stringify(marketplaceUserId)}`);
  if (payment.state !== "Pending")
    throw new AppError("invalid-state", `The payment is \`${payment.state}\`; only a \`Pending\` payment can be paid.`);
  // Paying into escrow is the payer's commitment: said now, not after the payer typed a card.
  if (payment.purpose === "Escrow")
    await refuseOnePersonOnBothSides(null, { tenantId: tenant.id, mode }, payment.tradeId);
  const session = await createHostedSession(db, {
    tenantId: tenant.id,
    mode,
    kind: "PaymentFlow",
    marketplaceUserId,
    tradeId: payment.tradeId,
    paymentId: payment.id,
    successUrl,
    cancelUrl,
    appSwitch,
    now,
  });
  return { redirectUrl: session.redirectUrl };
}
