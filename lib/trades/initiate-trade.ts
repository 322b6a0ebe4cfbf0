// POST /v1/marketplace/trades/initiate: a trade in `Created`, waiting for the payer's payment in
// the hosted checkout (spec 4.1). No webhook yet: trade.created is sent when the payment lands.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import { checkAppSwitch, checkRedirectUrl } from "../hosted-links/redirect-urls.ts";
import { newHostedSession } from "../hosted-links/sessions.ts";
import { decimalFromNumber, decimalToString, minorUnitsFromNumber, parseDecimal } from "../money/decimal.ts";
import { computeTradeMoney, FeeProblem } from "../money/fees.ts";
import { paymentRailFor } from "../outside-parties.ts";
import { newPaymentReference } from "../payments/payment-reference.ts";
import { deadlineFor } from "./deadlines.ts";
import { payerIsPayee } from "./distinct-parties.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { insertInitiatedTrade, type CheckoutClaim, type InsertOutcome } from "./store/insert-trade.ts";
import type { InitiateTradeBody } from "./schemas.ts";

type Body = z.output<typeof InitiateTradeBody>;

export async function initiateTrade(
  context: TenantContext & { now: Date },
  body: Body,
): Promise<{ tradeId: string; redirectUrl: string }> {
  const { tenant, mode, now } = context;
  const successUrl = checkRedirectUrl(tenant, mode, "successUrl", body.successUrl);
  const cancelUrl = checkRedirectUrl(tenant, mode, "cancelUrl", body.cancelUrl);
  const appSwitch = checkAppSwitch(tenant, mode, body.appSwitch);
  for (const [index, entry] of (body.prioritizedPayees ?? []).entries()) {
    if (!tenant.allowedBusinessIds.includes(entry.businessId)) {
      throw new AppError(
        "forbidden",
        `prioritizedPayees[${index}]: the business id ${JSON.stringify(entry.businessId)} is not on your whitelist.`,
        {
          errors: [{ key: `prioritizedPayees[${index}].businessId`, value: "Not whitelisted" }],
        },
      );
    }
  }
  if (body.payerMarketplaceUserId === body.payeeMarketplaceUserId) {
    throw AppError.field("payerMarketplaceUserId", "The payer and the payee must be different users.");
  }

  const amountMinor = minorUnitsFromNumber(body.amount);
  const payerFeePercent = decimalFromNumber(body.payerFee);
  const payeeFeePercent = decimalFromNumber(body.payeeFee);
  const payerFixedFeeMinor = minorUnitsFromNumber(body.payerFixedFee);
  const payeeFixedFeeMinor = minorUnitsFromNumber(body.payeeFixedFee);
  // The label price the payer bears is paid into escrow with the item (decisions.md §4).
  const shippingPayerMinor =
    body.shipping?.paidBy === "Payer" && body.shipping.price ? minorUnitsFromNumber(body.shipping.price) : 0n;
  let money;
  try {
    money = computeTradeMoney(
      { amountMinor, payerFeePercent, payerFixedFeeMinor, payeeFeePercent, payeeFixedFeeMinor, shippingPayerMinor },
      {
        servicePayerFeePercent: parseDecimal(tenant.servicePayerFeePercent.toString()),
        servicePayerFixedMinor: tenant.servicePayerFixedMinor,
        servicePayeeFeePercent: parseDecimal(tenant.servicePayeeFeePercent.toString()),
        servicePayeeFixedMinor: tenant.servicePayeeFixedMinor,
      },
    );
  } catch (error) {
    if (error instanceof FeeProblem) throw AppError.field(error.field, error.message);
    throw error;
  }

  const scope = { tenantId: tenant.id, mode };
  const deadline = deadlineFor("Created", tenant, now);
  const claims: CheckoutClaim[] = [];
  if (body.checkoutUniquenessKey) claims.push({ kind: "uniqueness", key: body.checkoutUniquenessKey });
  if (body.checkoutIdempotencyKey) claims.push({ kind: "idempotency", key: body.checkoutIdempotencyKey });
  const session = newHostedSession({
    ...scope,
    kind: "Checkout",
    marketplaceUserId: body.payerMarketplaceUserId,
    successUrl,
    cancelUrl,
    appSwitch,
    now,
  });
  const row = {
    ...scope,
    referenceId: body.referenceId ?? null,
    title: body.title,
    description: body.description,
    currency: tenant.currency,
    imageUrls: body.imageUrls ?? [],
    payerMarketplaceUserId: body.payerMarketplaceUserId,
    payeeMarketplaceUserId: body.payeeMarketplaceUserId,
    prioritizedPayees: (body.prioritizedPayees ?? null) as Prisma.InputJsonValue | null,
    amountMinor,
    payerFeePercent: decimalToString(payerFeePercent),
    payerFixedFeeMinor,
    payeeFeePercent: decimalToString(payeeFeePercent),
    payeeFixedFeeMinor,
    ...money,
    checkoutUniquenessKey: body.checkoutUniquenessKey ?? null,
    checkoutIdempotencyKey: body.checkoutIdempotencyKey ?? null,
    checkoutType: body.checkoutType ?? null,
    deliveryByHandAllowed: body.deliveryByHandAllowed ?? false,
    shipping: (body.shipping ?? null) as Prisma.InputJsonValue | null,
    returnShipping: (body.returnShipping ?? null) as Prisma.InputJsonValue | null,
    appSwitch: appSwitch ?? null,
    successUrl,
    cancelUrl,
    deadlineAt: deadline?.at ?? null,
    deadlineKind: deadline?.action ?? null,
    now,
  };
  // The escrow payment is ours until the payer goes to pay: the rail is asked then
  // (lib/payments/open-rail-payment.ts). The rail that will take it is this mode's (403 in live
  // mode while it is simulated).
  const rail = paymentRailFor(mode);
  const externalId = newPaymentReference();
  let outcome: InsertOutcome | undefined;
  // A key held by a trade that is cancelled (and so releases it) between our failed insert and the
  // lookup of its holder is free again: try once more rather than refuse.
  for (let attempt = 1; ; attempt++) {
    try {
      outcome = await insertInitiatedTrade(row, claims, session.row, { externalId, provider: rail.name });
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await refuseTakenCheckoutKey(scope, claims);
      if (attempt === 3) throw error;
    }
  }
  if ("refused" in outcome && outcome.refused === "payee-not-connected") {
    throw new AppError(
      "payee-not-connected",
      `The payee ${JSON.stringify(body.payeeMarketplaceUserId)} has not connected yet: send them through Initiate user connect first.`,
    );
  }
  if ("refused" in outcome && outcome.refused === "payer-is-payee") {
    throw payerIsPayee(body.payerMarketplaceUserId, body.payeeMarketplaceUserId);
  }
  if ("refused" in outcome) {
    throw new AppError(
      "conflict",
      "Your currency was changed in the console while this trade was being initiated. Send the request again.",
    );
  }
  return { tradeId: outcome.tradeId, redirectUrl: session.redirectUrl };
}

/**
 * At most one live checkout per key (spec 8): the claim's primary key decided, also between
 * concurrent requests (insert-initiated-trade.ts). The refusal names the trade that holds the key.
 */
async function refuseTakenCheckoutKey(
  scope: { tenantId: string; mode: "test" | "live" },
  claims: CheckoutClaim[],
): Promise<void> {
  for (const { kind, key } of claims) {
    const holder = await db.checkoutKeyClaim.findUnique({
      where: { tenantId_mode_kind_key: { ...scope, kind, key } },
      select: { tradeId: true },
    });
    if (!holder) continue;
    const field = kind === "uniqueness" ? "checkoutUniquenessKey" : "checkoutIdempotencyKey";
    throw new AppError(
      "conflict",
      `The ${field} ${JSON.stringify(key)} already belongs to trade ${holder.tradeId}, which is not cancelled.`,
      {
        errors: [{ key: field, value: `Already used by trade ${holder.tradeId}` }],
      },
    );
  }
}
