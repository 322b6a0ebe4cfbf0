// A trade row made directly for engine tests, with the money of lib/money/fees.ts.
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client.ts";
import type { TradeState } from "../../lib/db/generated/enums.ts";
import { parseDecimal } from "../../lib/money/decimal.ts";
import { computeTradeMoney } from "../../lib/money/fees.ts";
import type { LabelShares } from "../../lib/money/ledger.ts";
import type { Action } from "../../lib/trades/transition-table.ts";

/** Parties default to payer-1 / payee-1; pass connected users' ids for calls that act as a party. */
export async function insertTrade(
  tenantId: string,
  options: { state?: TradeState; amountMinor?: bigint; payer?: string; payee?: string } = {},
) {
  const amountMinor = options.amountMinor ?? 100000n;
  const fees = {
    amountMinor,
    payerFeePercent: parseDecimal("2.5"),
    payerFixedFeeMinor: 500n,
    payeeFeePercent: parseDecimal("5"),
    payeeFixedFeeMinor: 0n,
  };
  const money = computeTradeMoney(fees, {
    servicePayerFeePercent: parseDecimal("1"),
    servicePayerFixedMinor: 0n,
    servicePayeeFeePercent: parseDecimal("1"),
    servicePayeeFixedMinor: 0n,
  });
  const id = randomUUID();
  const now = new Date();
  return db.trade.create({
    data: {
      id,
      tenantId,
      mode: "test",
      referenceId: `ref-${id.slice(0, 8)}`,
      title: "Bike",
      description: "A used bike",
      currency: "DKK",
      payerMarketplaceUserId: options.payer ?? "payer-1",
      payeeMarketplaceUserId: options.payee ?? "payee-1",
      createdBy: options.payee ?? "payee-1",
      amountMinor,
      payerFeePercent: "2.5",
      payerFixedFeeMinor: 500n,
      payeeFeePercent: "5",
      payeeFixedFeeMinor: 0n,
      ...money,
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
      state: options.state ?? "Created",
      contractStartedAt: now,
      // As Initiate trade makes it: the escrow payment exists from the start (decisions.md §9).
      payments: {
        create: {
          tenantId,
          mode: "test",
          marketplaceUserId: options.payer ?? "payer-1",
          purpose: "Escrow",
          amountMinor: money.payerTotalMinor,
          currency: "DKK",
          externalId: `simpay_${id.replaceAll("-", "").slice(0, 24)}`,
        },
      },
    },
  });
}

/**
 * For tests that move a trade through the table directly, without buying a label: a free label,
 * so the label rows move no money (label money is tested with real purchases: journeys, refunds,
 * and the ledger and balance property tests).
 */
const FREE_LABEL: LabelShares = { payerShareMinor: 0n, payeeShareMinor: 0n };
export const TEST_LABEL_SHARES: Partial<Record<Action, LabelShares>> = {
  deliveryLabelCreated: FREE_LABEL,
  returnLabelCreated: FREE_LABEL,
};

/** Initiate trade's body for a 1,000 kr bike the seller may hand over in person (seller's fee 5%): the payout tests' trade. */
export const BIKE_BY_HAND = {
  title: "Bike",
  description: "Road bike",
  amount: 1000,
  payerFee: 0,
  payerFixedFee: 0,
  payeeFee: 5,
  payeeFixedFee: 0,
  payerMarketplaceUserId: "buyer",
  payeeMarketplaceUserId: "seller",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/cancel",
  deliveryByHandAllowed: true,
};
