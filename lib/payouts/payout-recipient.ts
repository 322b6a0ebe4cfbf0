// Where a settled trade's payout goes: the first prioritized payee that is an existing business
// user of the tenant (its payouts account), else the payee's own payout account; null while there
// is none (the payout waits until the payee chooses one). In the payout's driver transaction.
import type { BusinessUser, Trade } from "../db/generated/client.ts";
import { statement, type Sql } from "../db/sql.ts";
import { lastDigits } from "../payments/bank-account.ts";

export interface PayoutRecipient {
  accountNumber: string;
  last4: string;
  marketplaceUserId: string | null;
  business: { businessUserId: string; businessId: string; businessLocationId: string } | null;
}

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
