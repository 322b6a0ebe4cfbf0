// How a partial refund splits the escrow (a settlement, or a price reduction the payer accepted).
//
// The rule (docs/money.md, "Partial refunds"): the payer keeps the item for less, so the sale
// happened and its fees were earned. The refund comes out of the payee's payout first. Only a
// refund larger than the payee's payout reaches the fees: the tenant's share first (the tenant
// chose the fees), then the service's. Nobody's share goes below zero, and the parts always add
// up to what escrow holds for the item. A refund of everything is not a settlement of this kind:
// it is a return (refundPayer), which gives back the fees too.
export interface SettlementInput {
  /** What escrow holds for the item: the price plus the payer's fees (payee payout + fees). */
  payeePayoutMinor: bigint;
  serviceRevenueMinor: bigint;
  tenantRevenueMinor: bigint;
  refundMinor: bigint;
}

export interface SettlementSplit {
  refundMinor: bigint;
  payeePayoutMinor: bigint;
  tenantRevenueMinor: bigint;
  serviceRevenueMinor: bigint;
}

/** What each party ends up with; throws if the refund is negative or more than the item's money. */
export function splitWithRefund(input: SettlementInput): SettlementSplit {
  const refundable = refundableMinor(input);
  if (input.refundMinor < 0n || input.refundMinor > refundable)
    throw new Error(`A refund of ${input.refundMinor} is outside 0..${refundable}`);
  let rest = input.refundMinor;
  const take = (available: bigint) => {
    const taken = rest < available ? rest : available;
    rest -= taken;
    return available - taken;
  };
  const payeePayoutMinor = take(input.payeePayoutMinor);
  const tenantRevenueMinor = take(input.tenantRevenueMinor);
  const serviceRevenueMinor = take(input.serviceRevenueMinor);
  return { refundMinor: input.refundMinor, payeePayoutMinor, tenantRevenueMinor, serviceRevenueMinor };
}

/** The most a settlement can give back: everything escrow holds for the item. */
export function refundableMinor(trade: {
  payeePayoutMinor: bigint;
  serviceRevenueMinor: bigint;
  tenantRevenueMinor: bigint;
}): bigint {
  return trade.payeePayoutMinor + trade.serviceRevenueMinor + trade.tenantRevenueMinor;
}

/** What the payee receives: the agreed payout, or what a settlement left them (0 when Returned). */
export function payeeReceivesMinor(trade: {
  payeePayoutMinor: bigint;
  serviceRevenueMinor: bigint;
  tenantRevenueMinor: bigint;
  settlementRefundMinor: bigint | null;
}): bigint {
  if (trade.settlementRefundMinor === null) return trade.payeePayoutMinor;
  return splitWithRefund({ ...trade, refundMinor: trade.settlementRefundMinor }).payeePayoutMinor;
}
