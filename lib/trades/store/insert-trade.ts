// Writes an initiated trade in ONE statement: the trade, its two party rows, the first timeline
// entry, the claims on its checkout keys, the payer's checkout session and the escrow payment the
// checkout pays (Pending from the start, decisions.md §9), all or nothing, and only
// if the payee is connected. Initiate trade is the API's most frequent write; as an interactive
// transaction it took eight round trips (BEGIN, the payee check, five inserts, COMMIT), each with
// Prisma's query compilation, and served a quarter of what the same SQL does without it
// (docs/performance.md). One statement is atomic by itself, so nothing needs a transaction here;
// it runs on the client's own pool (lib/db/sql.ts).
//
// A payer already connected as the payee's person (one service account for two marketplace user
// ids) writes nothing either: nobody buys from themself (lib/trades/distinct-parties.ts).
//
// The tenant's currency is read again by the statement: if an admin changed it after this request
// read the tenant (allowed only while the tenant has no trades), nothing is written and the caller
// answers 409 conflict, instead of making a trade in the old currency. A change that commits while
// this statement runs is not seen (docs/security.md, Known gaps).
//
// A checkout key that another live trade holds fails the statement on the claim's primary key
// (unique violation): nothing is written, and the caller names the holder in its 409. Two requests
// with one key at once: the second waits on the first's index entry and fails once it commits.
import { randomUUID } from "node:crypto";
import type { Prisma } from "../../db/generated/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { run, statement } from "../../db/sql.ts";
import type { newHostedSession } from "../../hosted-links/sessions.ts";

export interface InitiatedTrade {
  tenantId: string;
  mode: ApiMode;
  referenceId: string | null;
  title: string;
  description: string;
  currency: string;
  imageUrls: string[];
  payerMarketplaceUserId: string;
  payeeMarketplaceUserId: string;
  prioritizedPayees: Prisma.InputJsonValue | null;
  amountMinor: bigint;
  payerFeePercent: string;
  payerFixedFeeMinor: bigint;
  payeeFeePercent: string;
  payeeFixedFeeMinor: bigint;
  payerFeeMinor: bigint;
  payeeFeeMinor: bigint;
  shippingPayerMinor: bigint;
  payerTotalMinor: bigint;
  payeePayoutMinor: bigint;
  serviceRevenueMinor: bigint;
  tenantRevenueMinor: bigint;
  checkoutUniquenessKey: string | null;
  checkoutIdempotencyKey: string | null;
  checkoutType: string | null;
  deliveryByHandAllowed: boolean;
  shipping: Prisma.InputJsonValue | null;
  returnShipping: Prisma.InputJsonValue | null;
  appSwitch: Prisma.InputJsonValue | null;
  successUrl: string;
  cancelUrl: string;
  deadlineAt: Date | null;
  deadlineKind: string | null;
  now: Date;
}

export type CheckoutClaim = { kind: "uniqueness" | "idempotency"; key: string };
/** The payment rail's payment that the checkout pays (opened before the statement: an outside call). */
export type EscrowPaymentOpened = { externalId: string; provider: string };
type SessionRow = ReturnType<typeof newHostedSession>["row"];

const json = (value: Prisma.InputJsonValue | null | undefined) =>
  value === null || value === undefined ? null : JSON.stringify(value);

export type InsertOutcome =
  { tradeId: string } | { refused: "payee-not-connected" | "payer-is-payee" | "currency-changed" };

/**
 * The new trade's id, or why nothing was written (the payee is not connected, the payer is
 * connected as the same person as the payee, the currency changed).
 */
export async function insertInitiatedTrade(
  trade: InitiatedTrade,
  claims: CheckoutClaim[],
  session: SessionRow,
  payment: EscrowPaymentOpened,
): Promise<InsertOutcome> {
  const id = randomUUID();
  const t = trade;
  const rows = await run<{ id: string | null; payeeConnected: boolean; samePerson: boolean }>(statement`
    WITH payee AS (
      SELECT "serviceAccountId" FROM "MarketplaceUser"
      WHERE "tenantId" = ${t.tenantId} AND "mode" = ${t.mode}::"ApiMode" AND "marketplaceUserId" = ${t.payeeMarketplaceUserId}
    ), same_person AS (
      SELECT 1 FROM "MarketplaceUser" payer JOIN payee ON payee."serviceAccountId" = payer."serviceAccountId"
      WHERE payer."tenantId" = ${t.tenantId} AND payer."mode" = ${t.mode}::"ApiMode"
        AND payer."marketplaceUserId" = ${t.payerMarketplaceUserId}
    ), tenant AS (
      SELECT 1 FROM "Tenant" WHERE "id" = ${t.tenantId} AND "currency" = ${t.currency}
    ), trade AS (
      INSERT INTO "Trade" ("id", "tenantId", "mode", "referenceId", "title", "description", "currency",
    "imageUrls",
        "payerMarketplaceUserId", "payeeMarketplaceUserId", "createdBy", "prioritizedPayees",
        "amountMinor", "payerFeePercent", "payerFixedFeeMinor", "payeeFeePercent", "payeeFixedFeeMinor",
        "payerFeeMinor", "payeeFeeMinor", "shippingPayerMinor", "payerTotalMinor", "payeePayoutMinor",
    "serviceRevenueMinor", "tenantRevenueMinor",
        "checkoutUniquenessKey", "checkoutIdempotencyKey", "checkoutType", "deliveryByHandAllowed", "shipping",
    "returnShipping", "appSwitch",
        "successUrl", "cancelUrl", "state", "contractStartedAt", "deadlineAt", "deadlineKind", "createdAt",
    "updatedAt")
      SELECT ${id}, ${t.tenantId}, ${t.mode}::"ApiMode", ${t.referenceId}, ${t.title}, ${t.description},
    ${t.currency}, ${t.imageUrls}::text[],
        ${t.payerMarketplaceUserId}, ${t.payeeMarketplaceUserId}, ${t.payeeMarketplaceUserId},
    ${json(t.prioritizedPayees)}::jsonb,
        ${t.amountMinor}::bigint, ${t.payerFeePercent}::numeric, ${t.payerFixedFeeMinor}::bigint,
    ${t.payeeFeePercent}::numeric, ${t.payeeFixedFeeMinor}::bigint,
        ${t.payerFeeMinor}::bigint, ${t.payeeFeeMinor}::bigint, ${t.shippingPayerMinor}::bigint,
    ${t.payerTotalMinor}::bigint, ${t.payeePayoutMinor}::bigint, ${t.serviceRevenueMinor}::bigint,
    ${t.tenantRevenueMinor}::bigint,
        ${t.checkoutUniquenessKey}, ${t.checkoutIdempotencyKey}, ${t.checkoutType},
    ${t.deliveryByHandAllowed}::boolean, ${json(t.shipping)}::jsonb, ${json(t.returnShipping)}::jsonb,
    ${json(t.appSwitch)}::jsonb,
        ${t.successUrl}, ${t.cancelUrl}, 'Created'::"TradeState", ${t.now}::timestamptz,
    ${t.deadlineAt}::timestamptz, ${t.deadlineKind}, ${t.now}::timestamptz, ${t.now}::timestamptz
      WHERE EXISTS (SELECT 1 FROM payee) AND NOT EXISTS (SELECT 1 FROM same_person) AND EXISTS (SELECT 1 FROM tenant)
      RETURNING "id"
    ), parties AS (
      INSERT INTO "TradeParty" ("tradeId", "role", "tenantId", "mode", "marketplaceUserId", "tradeCreatedAt")
      SELECT trade."id", r."role"::"TradeRole", ${t.tenantId}, ${t.mode}::"ApiMode", r."user",
    ${t.now}::timestamptz
      FROM trade CROSS JOIN (VALUES ('payer', ${t.payerMarketplaceUserId}), ('payee',
    ${t.payeeMarketplaceUserId})) AS r("role", "user")
    ), timeline AS (
      INSERT INTO "TradeTimelineEntry" ("tradeId", "sequence", "action", "actor", "toState", "occurredAt")
      SELECT trade."id", 0, 'initiate', 'tenant', 'Created'::"TradeState", ${t.now}::timestamptz FROM trade
    ), claims AS (
      INSERT INTO "CheckoutKeyClaim" ("tenantId", "mode", "kind", "key", "tradeId")
      SELECT ${t.tenantId}, ${t.mode}::"ApiMode", c."kind", c."key", trade."id"
      FROM trade CROSS JOIN unnest(${claims.map((c) => c.kind)}::text[], ${claims.map((c) => c.key)}::text[])
    AS c("kind", "key")
    ), session AS (
      INSERT INTO "HostedSession" ("id", "tokenHash", "csrfToken", "tenantId", "mode", "kind",
    "marketplaceUserId", "tradeId", "successUrl", "cancelUrl", "appSwitch", "expiresAt")
      SELECT ${randomUUID()}, ${session.tokenHash}, ${session.csrfToken}, ${session.tenantId},
    ${session.mode}::"ApiMode", ${session.kind}::"HostedSessionKind",
        ${session.marketplaceUserId}, trade."id", ${session.successUrl ?? null}, ${session.cancelUrl ?? null},
    ${json(session.appSwitch)}::jsonb, ${session.expiresAt}::timestamptz
      FROM trade
    ), payment AS (
      INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose",
    "amountMinor", "currency", "state", "externalId", "provider", "createdAt", "updatedAt")
      SELECT ${randomUUID()}, ${t.tenantId}, ${t.mode}::"ApiMode", trade."id", ${t.payerMarketplaceUserId},
    'Escrow'::"PaymentPurpose", ${t.payerTotalMinor}::bigint, ${t.currency},
        'Pending'::"PaymentState", ${payment.externalId}, ${payment.provider}, ${t.now}::timestamptz,
    ${t.now}::timestamptz
      FROM trade
    )
    SELECT (SELECT "id" FROM trade) AS "id", EXISTS (SELECT 1 FROM payee) AS "payeeConnected",
      EXISTS (SELECT 1 FROM same_person) AS "samePerson"`);
  const row = rows[0]!;
  if (row.id) return { tradeId: row.id };
  if (!row.payeeConnected) return { refused: "payee-not-connected" };
  return { refused: row.samePerson ? "payer-is-payee" : "currency-changed" };
}
