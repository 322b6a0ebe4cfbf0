// Writes an initiated trade in ONE statement: the trade, its two party rows, the first timeline
// entry, the claims on its checkout keys, the payer's checkout session and the escrow payment the
// checkout pays (Pending from the start, decisions.md §9), all or nothing, and only
// if the payee is connected. Initiate trade is the API's most frequent write, and one statement
// costs one round trip where a transaction of inserts costs one each (docs/performance.md, "Why
// the trade's store is shaped as it is"). One statement is atomic by itself, so nothing needs a
// transaction here; it runs on the client's own pool (lib/db/sql.ts).
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
import { run } from "../../db/sql.ts";
import type { newHostedSession } from "../../hosted-links/sessions.ts";
import { timelineEntry, type TimelineEntryRow } from "./effects.ts";
import { StatementParts } from "./statement-parts.ts";

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

/** Initiation's entry: the first of the trade's timeline, from no state. */
const INITIATED_ENTRY: TimelineEntryRow = {
  sequence: 0,
  action: "initiate",
  actor: "tenant",
  fromState: null,
  toState: "Created",
  details: null,
};

let insertText: string | undefined;

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
  const s = new StatementParts();
  // The values are taken by evaluating the text's template; the text itself is always the same, and
  // the one kept is used (statement-parts.ts says why).
  const built = `
    WITH payee AS (
      SELECT "serviceAccountId" FROM "MarketplaceUser"
      WHERE "tenantId" = ${s.param(t.tenantId)} AND "mode" = ${s.param(t.mode)}::"ApiMode" AND "marketplaceUserId" = ${s.param(t.payeeMarketplaceUserId)}
    ), same_person AS (
      SELECT 1 FROM "MarketplaceUser" payer JOIN payee ON payee."serviceAccountId" = payer."serviceAccountId"
      WHERE payer."tenantId" = ${s.param(t.tenantId)} AND payer."mode" = ${s.param(t.mode)}::"ApiMode"
        AND payer."marketplaceUserId" = ${s.param(t.payerMarketplaceUserId)}
    ), tenant AS (
      SELECT 1 FROM "Tenant" WHERE "id" = ${s.param(t.tenantId)} AND "currency" = ${s.param(t.currency)}
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
      SELECT ${s.param(id)}, ${s.param(t.tenantId)}, ${s.param(t.mode)}::"ApiMode", ${s.param(t.referenceId)}, ${s.param(t.title)}, ${s.param(t.description)},
    ${s.param(t.currency)}, ${s.param(t.imageUrls)}::text[],
        ${s.param(t.payerMarketplaceUserId)}, ${s.param(t.payeeMarketplaceUserId)}, ${s.param(t.payeeMarketplaceUserId)},
    ${s.param(json(t.prioritizedPayees))}::jsonb,
        ${s.param(t.amountMinor)}::bigint, ${s.param(t.payerFeePercent)}::numeric, ${s.param(t.payerFixedFeeMinor)}::bigint,
    ${s.param(t.payeeFeePercent)}::numeric, ${s.param(t.payeeFixedFeeMinor)}::bigint,
        ${s.param(t.payerFeeMinor)}::bigint, ${s.param(t.payeeFeeMinor)}::bigint, ${s.param(t.shippingPayerMinor)}::bigint,
    ${s.param(t.payerTotalMinor)}::bigint, ${s.param(t.payeePayoutMinor)}::bigint, ${s.param(t.serviceRevenueMinor)}::bigint,
    ${s.param(t.tenantRevenueMinor)}::bigint,
        ${s.param(t.checkoutUniquenessKey)}, ${s.param(t.checkoutIdempotencyKey)}, ${s.param(t.checkoutType)},
    ${s.param(t.deliveryByHandAllowed)}::boolean, ${s.param(json(t.shipping))}::jsonb, ${s.param(json(t.returnShipping))}::jsonb,
    ${s.param(json(t.appSwitch))}::jsonb,
        ${s.param(t.successUrl)}, ${s.param(t.cancelUrl)}, 'Created'::"TradeState", ${s.param(t.now)}::timestamptz,
    ${s.param(t.deadlineAt)}::timestamptz, ${s.param(t.deadlineKind)}, ${s.param(t.now)}::timestamptz, ${s.param(t.now)}::timestamptz
      WHERE EXISTS (SELECT 1 FROM payee) AND NOT EXISTS (SELECT 1 FROM same_person) AND EXISTS (SELECT 1 FROM tenant)
      RETURNING "id"
    ), parties AS (
      INSERT INTO "TradeParty" ("tradeId", "role", "tenantId", "mode", "marketplaceUserId", "tradeCreatedAt")
      SELECT trade."id", r."role"::"TradeRole", ${s.param(t.tenantId)}, ${s.param(t.mode)}::"ApiMode", r."user",
    ${s.param(t.now)}::timestamptz
      FROM trade CROSS JOIN (VALUES ('payer', ${s.param(t.payerMarketplaceUserId)}), ('payee',
    ${s.param(t.payeeMarketplaceUserId)})) AS r("role", "user")
    ), ${timelineEntry(s, "trade", INITIATED_ENTRY, s.param(t.now))}, claims AS (
      INSERT INTO "CheckoutKeyClaim" ("tenantId", "mode", "kind", "key", "tradeId")
      SELECT ${s.param(t.tenantId)}, ${s.param(t.mode)}::"ApiMode", c."kind", c."key", trade."id"
      FROM trade CROSS JOIN unnest(${s.param(claims.map((c) => c.kind))}::text[], ${s.param(claims.map((c) => c.key))}::text[])
    AS c("kind", "key")
    ), session AS (
      INSERT INTO "HostedSession" ("id", "tokenHash", "csrfToken", "tenantId", "mode", "kind",
    "marketplaceUserId", "tradeId", "successUrl", "cancelUrl", "appSwitch", "expiresAt")
      SELECT ${s.param(randomUUID())}, ${s.param(session.tokenHash)}, ${s.param(session.csrfToken)}, ${s.param(session.tenantId)},
    ${s.param(session.mode)}::"ApiMode", ${s.param(session.kind)}::"HostedSessionKind",
        ${s.param(session.marketplaceUserId)}, trade."id", ${s.param(session.successUrl ?? null)}, ${s.param(session.cancelUrl ?? null)},
    ${s.param(json(session.appSwitch))}::jsonb, ${s.param(session.expiresAt)}::timestamptz
      FROM trade
    ), payment AS (
      INSERT INTO "Payment" ("id", "tenantId", "mode", "tradeId", "marketplaceUserId", "purpose",
    "amountMinor", "currency", "state", "externalId", "provider", "createdAt", "updatedAt")
      SELECT ${s.param(randomUUID())}, ${s.param(t.tenantId)}, ${s.param(t.mode)}::"ApiMode", trade."id", ${s.param(t.payerMarketplaceUserId)},
    'Escrow'::"PaymentPurpose", ${s.param(t.payerTotalMinor)}::bigint, ${s.param(t.currency)},
        'Pending'::"PaymentState", ${s.param(payment.externalId)}, ${s.param(payment.provider)}, ${s.param(t.now)}::timestamptz,
    ${s.param(t.now)}::timestamptz
      FROM trade
    )
    SELECT (SELECT "id" FROM trade) AS "id", EXISTS (SELECT 1 FROM payee) AS "payeeConnected",
      EXISTS (SELECT 1 FROM same_person) AS "samePerson"`;
  const rows = await run<{ id: string | null; payeeConnected: boolean; samePerson: boolean }>({
    text: (insertText ??= built),
    values: s.values,
  });
  const row = rows[0]!;
  if (row.id) return { tradeId: row.id };
  if (!row.payeeConnected) return { refused: "payee-not-connected" };
  return { refused: row.samePerson ? "payer-is-payee" : "currency-changed" };
}
