// POST /v1/marketplace/trades/initiate: a trade in `Created`, waiting for the payer's payment in
// the hosted checkout (spec 4.1). No webhook yet: trade.created is sent when the payment lands.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ApiError } from "../api/errors.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../db/generated/client.ts";
import { checkAppSwitch, checkRedirectUrl } from "../hosted/redirect-urls.ts";
import { hostedSessionRow } from "../hosted/sessions.ts";
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
  // Read before the writes: a connected user is never disconnected or deleted (only with its
  // tenant), so this check cannot go stale, and the writes need no interactive transaction.
  const payee = await db.marketplaceUser.findUnique({ where: { tenantId_mode_marketplaceUserId: { ...scope, marketplaceUserId: body.payeeMarketplaceUserId } }, select: { id: true } });
  if (!payee) {
    throw new ApiError("payee-not-connected", `The payee ${JSON.stringify(body.payeeMarketplaceUserId)} has not connected yet: send them through Initiate user connect first.`);
  }
  const tradeId = randomUUID();
  const session = hostedSessionRow({ ...scope, kind: "Checkout", marketplaceUserId: body.payerMarketplaceUserId, tradeId, successUrl, cancelUrl, appSwitch, now });
  const keys = checkoutKeys(body);
  try {
    // One batch transaction (statements known up front) instead of an interactive one: Prisma's
    // interactive transactions cost several times more per call (TOOLCHAIN.md, docs/performance.md).
    await db.$transaction([
      db.trade.create({
        data: {
          id: tradeId,
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
        select: { id: true },
      }),
      db.tradeParty.createMany({
        data: [
          { tradeId, role: "payer", ...scope, marketplaceUserId: body.payerMarketplaceUserId, tradeCreatedAt: now },
          { tradeId, role: "payee", ...scope, marketplaceUserId: body.payeeMarketplaceUserId, tradeCreatedAt: now },
        ],
      }),
      db.tradeTimelineEntry.create({ data: { tradeId, sequence: 0, action: "initiate", actor: "tenant", toState: "Created", occurredAt: now }, select: { id: true } }),
      // At most one live checkout per key (spec 8): the claim's primary key decides, also between
      // concurrent requests; a taken key fails the batch with a unique violation (below).
      ...keys.map(({ kind, key }) => db.checkoutKeyClaim.create({ data: { ...scope, kind, key, tradeId }, select: { key: true } })),
      db.hostedSession.create({ data: session.data, select: { id: true } }),
    ]);
  } catch (error) {
    if ((error as { code?: string }).code === "P2002" && keys.length) throw await checkoutKeyTaken(scope, keys);
    throw error;
  }
  return { tradeId, redirectUrl: session.redirectUrl };
}

type CheckoutKey = { kind: string; key: string; field: string };

function checkoutKeys(body: Body): CheckoutKey[] {
  return [
    { kind: "uniqueness", key: body.checkoutUniquenessKey, field: "checkoutUniquenessKey" },
    { kind: "idempotency", key: body.checkoutIdempotencyKey, field: "checkoutIdempotencyKey" },
  ].filter((k): k is CheckoutKey => !!k.key);
}

/** The refusal that names the trade holding a key (the batch was rolled back; the holder committed). */
async function checkoutKeyTaken(scope: { tenantId: string; mode: "test" | "live" }, keys: CheckoutKey[]): Promise<ApiError> {
  for (const { kind, key, field } of keys) {
    const holder = await db.checkoutKeyClaim.findUnique({ where: { tenantId_mode_kind_key: { ...scope, kind, key } }, select: { tradeId: true } });
    if (!holder) continue;
    return new ApiError("conflict", `The ${field} ${JSON.stringify(key)} already belongs to trade ${holder.tradeId}, which is not cancelled.`, {
      errors: [{ key: field, value: `Already used by trade ${holder.tradeId}` }],
    });
  }
  // The holder was cancelled (its claim deleted) in the meantime: the caller may retry.
  return new ApiError("conflict", "A checkout key of this trade was taken by another trade that has since been cancelled. Retry the request.");
}
