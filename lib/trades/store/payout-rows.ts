// A settled trade's payouts (lib/payouts/pay-out-trade.ts): where the money goes, each try's row
// and its outcome, in the caller's transaction that holds the trade's lock; and arming the payout
// deadline again when a payee gives an account to pay to.
import { randomUUID } from "node:crypto";
import type { BusinessUser, Payout, Prisma, Trade } from "../../db/generated/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { statement, type Sql } from "../../db/sql.ts";
import { lastDigits } from "../../payments/bank-account.ts";
import type { RailPayee } from "../../payments/payment-rail.ts";

export interface PayoutRecipient {
  accountNumber: string;
  last4: string;
  /** The name the bank account is held in. */
  holderName: string;
  /** Who they are, as the rail's account of them needs it. */
  payee: RailPayee;
  marketplaceUserId: string | null;
  business: { businessUserId: string; businessId: string; businessLocationId: string } | null;
}

/**
 * The first prioritized payee that is an existing business user of the tenant (its payouts
 * account), else the payee's own payout account; null while there is none (the payout waits until
 * the payee chooses one).
 */
export async function payoutRecipient(q: Sql, trade: Trade): Promise<PayoutRecipient | null> {
  const prioritized = (trade.prioritizedPayees as { businessId: string; businessLocationId: string }[] | null) ?? [];
  if (prioritized.length) {
    type Candidate = Pick<
      BusinessUser,
      | "id"
      | "businessId"
      | "businessLocationId"
      | "payoutsAccountNumber"
      | "name"
      | "streetName"
      | "houseNumber"
      | "city"
      | "postNumber"
      | "createdAt"
    >;
    const candidates = await q<Candidate>(
      statement`
        SELECT b."id", b."businessId", b."businessLocationId", b."payoutsAccountNumber", b."name", b."streetName",
          b."houseNumber", b."city", b."postNumber", b."createdAt" FROM "BusinessUser" b
        WHERE b."tenantId" = ${trade.tenantId} AND b."mode" = ${trade.mode}::"ApiMode"
          AND (b."businessId", b."businessLocationId") IN (
            SELECT * FROM unnest(${prioritized.map((p) => p.businessId)}::text[],
              ${prioritized.map((p) => p.businessLocationId)}::text[]))`,
    );
    for (const entry of prioritized) {
      const match = candidates.find(
        (c) => c.businessId === entry.businessId && c.businessLocationId === entry.businessLocationId,
      );
      if (match) {
        const business = {
          businessUserId: match.id,
          businessId: match.businessId,
          businessLocationId: match.businessLocationId,
        };
        return {
          accountNumber: match.payoutsAccountNumber,
          last4: lastDigits(match.payoutsAccountNumber),
          holderName: match.name,
          payee: businessPayee(match),
          marketplaceUserId: null,
          business,
        };
      }
    }
  }
  type Person = {
    id: string;
    name: string;
    address: string;
    city: string;
    postalCode: string;
    bankAccountNumber: string | null;
    bankAccountName: string | null;
    payoutTermsAcceptedAt: Date | null;
    payoutTermsAcceptedIp: string | null;
  };
  const [user] = await q<Person>(statement`
    SELECT s."id", s."name", s."address", s."city", s."postalCode", s."bankAccountNumber", s."bankAccountName",
      s."payoutTermsAcceptedAt", s."payoutTermsAcceptedIp"
    FROM "MarketplaceUser" u JOIN "ServiceAccount" s ON s."id" = u."serviceAccountId"
    WHERE u."tenantId" = ${trade.tenantId} AND u."mode" = ${trade.mode}::"ApiMode"
      AND u."marketplaceUserId" = ${trade.payeeMarketplaceUserId}`);
  const accountNumber = user?.bankAccountNumber;
  return user && accountNumber
    ? {
        accountNumber,
        last4: lastDigits(accountNumber),
        holderName: user.bankAccountName ?? user.name,
        payee: personPayee(user),
        marketplaceUserId: trade.payeeMarketplaceUserId,
        business: null,
      }
    : null;
}

export function personPayee(person: {
  id: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  payoutTermsAcceptedAt: Date | null;
  payoutTermsAcceptedIp: string | null;
}): RailPayee {
  return {
    key: `person:${person.id}`,
    kind: "individual",
    name: person.name,
    address: person.address ? { line1: person.address, city: person.city, postalCode: person.postalCode } : null,
    registrationNumber: null,
    termsAccepted: person.payoutTermsAcceptedAt
      ? { at: person.payoutTermsAcceptedAt, ip: person.payoutTermsAcceptedIp }
      : null,
  };
}

/** A business user's terms are accepted by the tenant that created it, when it did (docs/payments.md). */
function businessPayee(business: {
  id: string;
  businessId: string;
  name: string;
  streetName: string | null;
  houseNumber: string | null;
  city: string | null;
  postNumber: string | null;
  createdAt: Date;
}): RailPayee {
  const line1 = [business.streetName, business.houseNumber].filter(Boolean).join(" ");
  return {
    key: `business:${business.id}`,
    kind: "company",
    name: business.name,
    address: line1 ? { line1, city: business.city ?? "", postalCode: business.postNumber ?? "" } : null,
    registrationNumber: business.businessId,
    termsAccepted: { at: business.createdAt, ip: null },
  };
}

/** A try left Pending (by a crash between asking the rail and recording its answer). */
export async function pendingPayoutOf(q: Sql, tradeId: string): Promise<Payout | null> {
  const [pending] = await q<Payout>(
    statement`SELECT * FROM "Payout" WHERE "tradeId" = ${tradeId} AND "state" = 'Pending' LIMIT 1`,
  );
  return pending ?? null;
}

/** The next try, Pending, numbered after the earlier ones. */
export async function insertPayoutTry(
  q: Sql,
  trade: Trade,
  recipient: PayoutRecipient,
  amountMinor: bigint,
  reference: (attempt: number) => string,
  now: Date,
): Promise<Payout> {
  const [earlier] = await q<{ tries: number }>(
    statement`SELECT count(*)::int AS "tries" FROM "Payout" WHERE "tradeId" = ${trade.id}`,
  );
  const attempt = earlier!.tries + 1;
  const [payout] = await q<Payout>(statement`
    INSERT INTO "Payout" ("id", "tenantId", "mode", "tradeId", "attempt", "recipientMarketplaceUserId",
      "businessUserId", "businessId", "businessLocationId", "amountMinor", "currency", "bankAccountLast4",
      "reference", "createdAt")
    VALUES (${randomUUID()}, ${trade.tenantId}, ${trade.mode}::"ApiMode", ${trade.id}, ${attempt},
      ${recipient.marketplaceUserId}, ${recipient.business?.businessUserId ?? null},
      ${recipient.business?.businessId ?? null}, ${recipient.business?.businessLocationId ?? null},
      ${amountMinor.toString()}::bigint, ${trade.currency}, ${recipient.last4}, ${reference(attempt)},
      ${now}::timestamp)
    RETURNING *`);
  return payout!;
}

/** The payee's account at the rail and the trade's transfer to it, kept on the try before its outcome. */
export const recordPayoutRoute = (
  q: Sql,
  payoutId: string,
  route: { provider: string; railAccountId: string; railTransferId: string | null },
) =>
  q(statement`
    UPDATE "Payout" SET "provider" = ${route.provider}, "railAccountId" = ${route.railAccountId},
      "railTransferId" = COALESCE(${route.railTransferId}, "railTransferId")
    WHERE "id" = ${payoutId}`);

/** The transfer an earlier try of the trade made (a later try pays out the money it moved). */
export async function earlierTransferOf(q: Sql, tradeId: string): Promise<string | null> {
  return (await tryWithTransferOf(q, tradeId))?.railTransferId ?? null;
}

export type PayoutOutcome =
  | { status: "sent"; providerPayoutId: string }
  | { status: "paid"; providerPayoutId: string }
  | { status: "failed"; reason: string; providerPayoutId: string | null };

/**
 * The rail's answer on a Pending try: sent (it stays Pending, the outcome to come), paid or failed;
 * false when another instance recorded a final answer first.
 */
export async function recordPayoutOutcome(
  q: Sql,
  payoutId: string,
  outcome: PayoutOutcome,
  now: Date,
): Promise<boolean> {
  const recorded =
    outcome.status === "sent"
      ? await q(statement`
          UPDATE "Payout" SET "sentAt" = COALESCE("sentAt", ${now}::timestamp), "providerPayoutId" = ${outcome.providerPayoutId}
          WHERE "id" = ${payoutId} AND "state" = 'Pending' RETURNING "id"`)
      : outcome.status === "paid"
        ? await q(statement`
          UPDATE "Payout" SET "state" = 'Paid', "paidAt" = ${now}::timestamp, "providerPayoutId" = ${outcome.providerPayoutId}
          WHERE "id" = ${payoutId} AND "state" = 'Pending' RETURNING "id"`)
        : await q(statement`
          UPDATE "Payout" SET "state" = 'Failed', "failedAt" = ${now}::timestamp, "failureReason" = ${outcome.reason},
            "providerPayoutId" = COALESCE(${outcome.providerPayoutId}, "providerPayoutId")
          WHERE "id" = ${payoutId} AND "state" = 'Pending' RETURNING "id"`);
  return recorded.length > 0;
}

/** The rail answered that it cannot pay out yet (see PaymentRail.releaseToPayee's `waits`). */
export const countPayoutWait = (q: Sql, payoutId: string) =>
  q(statement`UPDATE "Payout" SET "railWaits" = "railWaits" + 1 WHERE "id" = ${payoutId}`);

/** The payout deadline again at `at` (a rail that cannot pay out yet is asked again then). */
export const rearmPayoutAt = (q: Sql, tradeId: string, at: Date) =>
  q(statement`
    UPDATE "Trade" SET "deadlineAt" = ${at}::timestamp, "deadlineKind" = 'payoutCompleted', "updatedAt" = ${new Date()}::timestamp
    WHERE "id" = ${tradeId}`);

/** No payout account yet (or any more): the payout deadline is off until one is given. */
export const disarmPayout = (q: Sql, tradeId: string) =>
  q(statement`UPDATE "Trade" SET "deadlineAt" = NULL, "updatedAt" = ${new Date()}::timestamp WHERE "id" = ${tradeId}`);

type Prismaish = Pick<Prisma.TransactionClient, "trade">;

/** The payee chose a payout account: their settled trades whose payout waited pay out on the scheduler's next round. */
export function armPayoutsOfPayee(
  tx: Prismaish,
  scope: { tenantId: string; mode: ApiMode },
  payeeMarketplaceUserId: string,
  now: Date,
) {
  return tx.trade.updateMany({
    where: { ...scope, payeeMarketplaceUserId, state: "Succeeded", deadlineAt: null },
    data: { deadlineAt: now, deadlineKind: "payoutCompleted" },
  });
}

/** A business user's new payouts account: a payout the bank refused to the old one is tried again, to the new one. */
export function armPayoutsFailedToBusinessUser(
  tx: Prismaish,
  scope: { tenantId: string; mode: ApiMode },
  businessUserId: string,
) {
  return tx.trade.updateMany({
    where: {
      ...scope,
      state: "Succeeded",
      deadlineAt: null,
      payouts: { some: { businessUserId, state: "Failed" } },
    },
    data: { deadlineAt: new Date(), deadlineKind: "payoutCompleted" },
  });
}

/**
 * A try that was waiting for the money to be available, closed without a payout (its money taken
 * back from the payee: lib/payments/decide-lost-chargeback.ts); false when it was sent meanwhile.
 */
export async function withdrawPayoutTry(q: Sql, payoutId: string, reason: string, now: Date): Promise<boolean> {
  const withdrawn = await q(statement`
    UPDATE "Payout" SET "state" = 'Failed', "failedAt" = ${now}::timestamp, "failureReason" = ${reason}
    WHERE "id" = ${payoutId} AND "state" = 'Pending' AND "sentAt" IS NULL RETURNING "id"`);
  return withdrawn.length > 0;
}

/** The try that made the trade's transfer to the payee's account at the rail (see earlierTransferOf); null when none did. */
export async function tryWithTransferOf(q: Sql, tradeId: string): Promise<Payout | null> {
  const [earlier] = await q<Payout>(statement`
    SELECT * FROM "Payout" WHERE "tradeId" = ${tradeId} AND "railTransferId" IS NOT NULL
    ORDER BY "attempt" DESC LIMIT 1`);
  return earlier ?? null;
}
