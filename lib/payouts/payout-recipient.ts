// Where a settled trade's payout goes: the first prioritized payee that is an existing business
// user of the tenant (its payouts account), else the payee's own payout account; null while there
// is none (the payout waits until the payee chooses one).
import type { Prisma, Trade } from "../db/generated/client.ts";
import { lastDigits } from "../payments/bank-account.ts";

export interface PayoutRecipient {
  accountNumber: string;
  last4: string;
  marketplaceUserId: string | null;
  business: { businessUserId: string; businessId: string; businessLocationId: string } | null;
}

export async function payoutRecipient(tx: Prisma.TransactionClient, trade: Trade): Promise<PayoutRecipient | null> {
  const prioritized = (trade.prioritizedPayees as { businessId: string; businessLocationId: string }[] | null) ?? [];
  if (prioritized.length) {
    const candidates = await tx.businessUser.findMany({
      where: {
        tenantId: trade.tenantId,
        mode: trade.mode,
        OR: prioritized.map((p) => ({ businessId: p.businessId, businessLocationId: p.businessLocationId })),
      },
    });
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
  const user = await tx.marketplaceUser.findUnique({
    where: {
      tenantId_mode_marketplaceUserId: {
        tenantId: trade.tenantId,
        mode: trade.mode,
        marketplaceUserId: trade.payeeMarketplaceUserId,
      },
    },
    include: { serviceAccount: true },
  });
  const accountNumber = user?.serviceAccount.bankAccountNumber;
  return accountNumber
    ? {
        accountNumber,
        last4: lastDigits(accountNumber),
        marketplaceUserId: trade.payeeMarketplaceUserId,
        business: null,
      }
    : null;
}
