import type { z } from "zod";
import type { Payout } from "../db/generated/client.ts";
import { numberFromMinorUnits } from "../money/decimal.ts";
import type { PayoutRecord } from "./schemas.ts";

export function serializePayout(payout: Payout): z.input<typeof PayoutRecord> {
  return {
    payoutId: payout.id,
    tradeId: payout.tradeId,
    recipient:
      payout.businessId && payout.businessLocationId
        ? { businessId: payout.businessId, businessLocationId: payout.businessLocationId }
        : { marketplaceUserId: payout.recipientMarketplaceUserId ?? "" },
    amount: numberFromMinorUnits(payout.amountMinor),
    currency: payout.currency,
    bankAccount: `•••• ${payout.bankAccountLast4}`,
    state: payout.state,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
    reference: payout.reference,
    failureReason: payout.failureReason,
  };
}
