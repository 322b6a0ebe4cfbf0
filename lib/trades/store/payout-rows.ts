// A settled trade's payouts (lib/payouts/pay-out-trade.ts): where the money goes, each try's row
// and its outcome, in the caller's transaction that holds the trade's lock; and arming the payout
// deadline again when a payee gives an account to pay to.
import { randomUUID } from "node:crypto";
import type { BusinessUser, Payout, Prisma, Trade } from "../../db/generated/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";
import { statement, type Sql } from "../../db/sql.ts";
import { lastDigits } from "../../payments/bank-account.ts";

export interface PayoutRecipient {
  accountNumber: string;
  last4: string;
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
    const candidates = await q<Pick<BusinessUser, "id" | "businessId" | "businessLocationId" | "payoutsAccountNumber">>(
      statement`
        SELECT b."id", b."businessId", b."businessLocationId", b."payoutsAccountNumber" FROM "BusinessUser" b
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
          marketplaceUserId: null,
          business,
        };
      }
    }
  }
  const [user] = await q<{ bankAccountNumber: string | null }>(statement`
    SELECT s."bankAccountNumber" FROM "MarketplaceUser" u JOIN "ServiceAccount" s ON s."id" = u."serviceAccountId"
    WHERE u."tenantId" = ${trade.tenantId} AND u."mode" = ${trade.mode}::"ApiMode"
      AND u."marketplaceUserId" = ${trade.payeeMarketplaceUserId}`);
  const accountNumber = user?.bankAccountNumber;
  return accountNumber
    ? {
        accountNumber,
        last4: lastDigits(accountNumber),
        marketplaceUserId: trade.payeeMarketplaceUserId,
        business: null,
      }
    : null;
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

/** The rail's answer on a Pending try; false when another instance recorded it first. */
export async function recordPayoutOutcome(
  q: Sql,
  payoutId: string,
  outcome: { status: "paid"; providerPayoutId: string } | { status: "failed"; reason: string },
  now: Date,
): Promise<boolean> {
  const recorded =
    outcome.status === "paid"
      ? await q(statement`
          UPDATE "Payout" SET "state" = 'Paid', "paidAt" = ${now}::timestamp, "providerPayoutId" = ${outcome.providerPayoutId}
          WHERE "id" = ${payoutId} AND "state" = 'Pending' RETURNING "id"`)
      : await q(statement`
          UPDATE "Payout" SET "state" = 'Failed', "failedAt" = ${now}::timestamp, "failureReason" = ${outcome.reason}
          WHERE "id" = ${payoutId} AND "state" = 'Pending' RETURNING "id"`);
  return recorded.length > 0;
}

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
