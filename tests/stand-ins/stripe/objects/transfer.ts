// Transfers from the platform to a connected account, and their reversals.
import type Stripe from "stripe";
import { newId } from "../ids.ts";
import { fromFixture } from "./fixtures.ts";

export function buildTransfer(input: {
  id: string;
  amount: number;
  currency: string;
  created: number;
  balanceTransaction: string;
  destination: string;
  destinationPayment: string;
  description: string | null;
  metadata: Record<string, string>;
  sourceTransaction: string | null;
  transferGroup: string | null;
}): Stripe.Transfer {
  return fromFixture<Stripe.Transfer>("transfer", {
    id: input.id,
    amount: input.amount,
    amount_reversed: 0,
    balance_transaction: input.balanceTransaction,
    created: input.created,
    currency: input.currency,
    description: input.description,
    destination: input.destination,
    destination_payment: input.destinationPayment,
    livemode: false,
    metadata: input.metadata,
    reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${input.id}/reversals` },
    reversed: false,
    source_transaction: input.sourceTransaction,
    source_type: "card",
    transfer_group: input.transferGroup,
  });
}

export function buildTransferReversal(input: {
  amount: number;
  currency: string;
  created: number;
  balanceTransaction: string;
  destinationPaymentRefund: string;
  metadata: Record<string, string>;
  transfer: string;
}): Stripe.TransferReversal {
  return fromFixture<Stripe.TransferReversal>("transfer_reversal", {
    id: newId("trr"),
    amount: input.amount,
    balance_transaction: input.balanceTransaction,
    created: input.created,
    currency: input.currency,
    destination_payment_refund: input.destinationPaymentRefund,
    metadata: input.metadata,
    source_refund: null,
    transfer: input.transfer,
  });
}
