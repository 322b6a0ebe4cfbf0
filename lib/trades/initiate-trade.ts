// POST /v1/marketplace/trades/initiate: a trade in `Created`, waiting for the payer's payment in
// the hosted checkout (spec 4.1). No webhook yet: trade.created is sent when the payment lands.
import type { z } from "zod";
import { ApiError } from "../api/errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import { checkAppSwitch, checkRedirectUrl } from "../hosted/redirect-urls.ts";
import { createHostedSession } from "../hosted/sessions.ts";
import { decimalFromNumber, decimalToString, minorUnitsFromNumber, parseDecimal } from "../money/decimal.ts";
import { computeTradeMoney, FeeProblem } from "../money/fees.ts";
import { deadlineFor } from "./deadlines.ts";
import type { InitiateTradeBody } from "./schemas.ts";

type Body = z.output<typeof InitiateTradeBody>;

export async function initiateTrade(context: TenantContext & { now: Date }, body: Body): Promise<{ tradeId: string; redirectUrl: string }> {
  const { tenant, mode, now } = context;
  const successUrl = checkRedirectUrl(tenant, mode, "successUrl", body.successUrl);
  const cancelUrl = checkRedirectUrl(tenant, mode, "cancelUrl", body.cancelUrl);
  const appSwitch = checkAppSwitch(tenant, mode, body.appSwitch);
  for (const [index, entry] of (body.prioritizedPayees ?? []).entries()) {
    if (!tenant.allowedBusinessIds.includes(entry.businessId)) {
      throw new ApiError("forbidden", `prioritizedPayees[${index}]: the business id ${JSON.stringify(entry.businessId)} is not on your whitelist.`, {
        errors: [{ key: `prioritizedPayees[${index}].businessId`, value: "Not whitelisted" }],
      });
    }
  }
  if (body.payerMarketplaceUserId === body.payeeMarketplaceUserId) {
    throw ApiError.field("payerMarketplaceUserId", "The payer and the payee must be different users.");
  }

  const amountMinor = minorUnitsFromNumber(body.amount);
  const payerFeePercent = decimalFromNumber(body.payerFee);
  const payeeFeePercent = decimalFromNumber(body.payeeFee);
  const payerFixedFeeMinor = minorUnitsFromNumber(body.payerFixedFee);
  const payeeFixedFeeMinor = minorUnitsFromNumber(body.payeeFixedFee);
  // The label price the payer bears is paid into escrow with the item (decisions.md §4).
  const shippingPayerMinor = body.shipping?.paidBy === "Payer" && body.shipping.price ? minorUnitsFromNumber(body.shipping.price) : 0n;
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
    if (error instanceof FeeProblem) throw ApiError.field(error.field, error.message);
    throw error;
  }

  const scope = { tenantId: tenant.id, mode };
  const deadline = deadlineFor("Created", tenant, now);
  return db.$transaction(async (tx) => {
    const payee = await tx.marketplaceUser.findUnique({ where: { tenantId_mode_marketplaceUserId: { ...scope, marketplaceUserId: body.payeeMarketplaceUserId } }, select: { id: true } });
    if (!payee) {
      throw new ApiError("payee-not-connected", `The payee ${JSON.stringify(body.payeeMarketplaceUserId)} has not connected yet: send them through Initiate user connect first.`);
    }
    const trade = await tx.trade.create({
      data: {
        ...scope,
        referenceId: body.referenceId ?? null,
        title: body.title,
        description: body.description,
        currency: tenant.currency,
        imageUrls: body.imageUrls ?? [],
        payerMarketplaceUserId: body.payerMarketplaceUserId,
        payeeMarketplaceUserId: body.payeeMarketplaceUserId,
        createdBy: body.payeeMarketplaceUserId,
        prioritizedPayees: (body.prioritizedPayees ?? undefined) as Prisma.InputJsonValue | undefined,
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
        shipping: (body.shipping ?? undefined) as Prisma.InputJsonValue | undefined,
        returnShipping: (body.returnShipping ?? undefined) as Prisma.InputJsonValue | undefined,
        appSwitch,
        successUrl,
        cancelUrl,
        state: "Created",
        contractStartedAt: now,
        deadlineAt: deadline?.at ?? null,
        deadlineKind: deadline?.action ?? null,
        createdAt: now,
      },
    });
    await tx.tradeParty.createMany({
      data: [
        { tradeId: trade.id, role: "payer", ...scope, marketplaceUserId: trade.payerMarketplaceUserId, tradeCreatedAt: now },
        { tradeId: trade.id, role: "payee", ...scope, marketplaceUserId: trade.payeeMarketplaceUserId, tradeCreatedAt: now },
      ],
    });
    await tx.tradeTimelineEntry.create({ data: { tradeId: trade.id, sequence: 0, action: "initiate", actor: "tenant", toState: "Created", occurredAt: now } });
    await claimCheckoutKeys(tx, scope, trade.id, body);
    const session = await createHostedSession(tx, {
      ...scope,
      kind: "Checkout",
      marketplaceUserId: body.payerMarketplaceUserId,
      tradeId: trade.id,
      successUrl,
      cancelUrl,
      appSwitch,
      now,
    });
    return { tradeId: trade.id, redirectUrl: session.redirectUrl };
  });
}

/**
 * At most one live checkout per key (spec 8): the claim's primary key decides, also between
 * concurrent requests. ON CONFLICT DO NOTHING (skipDuplicates) keeps the transaction usable so
 * that the refusal can name the trade that holds the key.
 */
async function claimCheckoutKeys(tx: Prisma.TransactionClient, scope: { tenantId: string; mode: "test" | "live" }, tradeId: string, body: Body) {
  const keys = [
    { kind: "uniqueness", key: body.checkoutUniquenessKey, field: "checkoutUniquenessKey" },
    { kind: "idempotency", key: body.checkoutIdempotencyKey, field: "checkoutIdempotencyKey" },
  ].filter((k): k is { kind: string; key: string; field: string } => !!k.key);
  for (const { kind, key, field } of keys) {
    const { count } = await tx.checkoutKeyClaim.createMany({ data: [{ ...scope, kind, key, tradeId }], skipDuplicates: true });
    if (count === 1) continue;
    const holder = await tx.checkoutKeyClaim.findUnique({ where: { tenantId_mode_kind_key: { ...scope, kind, key } }, select: { tradeId: true } });
    throw new ApiError("conflict", `The ${field} ${JSON.stringify(key)} already belongs to trade ${holder?.tradeId ?? "(being created)"}, which is not cancelled.`, {
      errors: [{ key: field, value: `Already used by trade ${holder?.tradeId ?? ""}` }],
    });
  }
}
