// What the payer pays, what the payee receives, and how the fees split between the service and
// the tenant (decisions.md §4). All amounts are minor units; percentages exact decimals.
import { percentOfMinorUnits, type Decimal } from "./decimal.ts";

export interface FeeInput {
  amountMinor: bigint;
  payerFeePercent: Decimal;
  payerFixedFeeMinor: bigint;
  payeeFeePercent: Decimal;
  payeeFixedFeeMinor: bigint;
  /** Label price the payer bears (shipping.paidBy = Payer), paid into escrow with the item. */
  shippingPayerMinor?: bigint;
}

/** The part of each fee the service keeps, agreed with the tenant (tenant settings). */
export interface FeeAgreement {
  servicePayerFeePercent: Decimal;
  servicePayerFixedMinor: bigint;
  servicePayeeFeePercent: Decimal;
  servicePayeeFixedMinor: bigint;
}

export interface TradeMoney {
  payerFeeMinor: bigint; // percentage part, rounded half away from zero
  payeeFeeMinor: bigint;
  shippingPayerMinor: bigint;
  payerTotalMinor: bigint; // amount + payer fees + shipping the payer bears: what goes into escrow
  payeePayoutMinor: bigint; // amount − payee fees
  serviceRevenueMinor: bigint;
  tenantRevenueMinor: bigint;
}

/** A fee the request cannot have, on the field that causes it. */
export class FeeProblem extends Error {
  constructor(
    readonly field: "payerFee" | "payerFixedFee" | "payeeFee" | "payeeFixedFee",
    message: string,
  ) {
    super(message);
  }
}

const compare = (a: Decimal, b: Decimal) => {
  const scale = Math.max(a.scale, b.scale);
  const left = a.units * 10n ** BigInt(scale - a.scale);
  const right = b.units * 10n ** BigInt(scale - b.scale);
  return left === right ? 0 : left < right ? -1 : 1;
};

export function computeTradeMoney(input: FeeInput, agreement: FeeAgreement): TradeMoney {
  // The tenant's fees are totals from which the service's agreed part is taken, so they cannot
  // be smaller than it.
  if (compare(input.payerFeePercent, agreement.servicePayerFeePercent) < 0)
    throw new FeeProblem("payerFee", "Must be at least the service's agreed payer percentage.");
  if (input.payerFixedFeeMinor < agreement.servicePayerFixedMinor)
    throw new FeeProblem("payerFixedFee", "Must be at least the service's agreed fixed payer fee.");
  if (compare(input.payeeFeePercent, agreement.servicePayeeFeePercent) < 0)
    throw new FeeProblem("payeeFee", "Must be at least the service's agreed payee percentage.");
  if (input.payeeFixedFeeMinor < agreement.servicePayeeFixedMinor)
    throw new FeeProblem("payeeFixedFee", "Must be at least the service's agreed fixed payee fee.");

  const payerFeeMinor = percentOfMinorUnits(input.amountMinor, input.payerFeePercent);
  const payeeFeeMinor = percentOfMinorUnits(input.amountMinor, input.payeeFeePercent);
  const payeePayoutMinor = input.amountMinor - payeeFeeMinor - input.payeeFixedFeeMinor;
  if (payeePayoutMinor < 0n)
    throw new FeeProblem(
      input.payeeFixedFeeMinor > 0n ? "payeeFixedFee" : "payeeFee",
      "The payee's fees exceed the amount.",
    );
  const shippingPayerMinor = input.shippingPayerMinor ?? 0n;
  const payerTotalMinor = input.amountMinor + payerFeeMinor + input.payerFixedFeeMinor + shippingPayerMinor;

  // Rounding is monotonic in the percentage, so the service's part never exceeds the fee it is taken from.
  const serviceRevenueMinor =
    percentOfMinorUnits(input.amountMinor, agreement.servicePayerFeePercent) +
    agreement.servicePayerFixedMinor +
    percentOfMinorUnits(input.amountMinor, agreement.servicePayeeFeePercent) +
    agreement.servicePayeeFixedMinor;
  const totalFees = payerTotalMinor - shippingPayerMinor - payeePayoutMinor;
  return {
    payerFeeMinor,
    payeeFeeMinor,
    shippingPayerMinor,
    payerTotalMinor,
    payeePayoutMinor,
    serviceRevenueMinor,
    tenantRevenueMinor: totalFees - serviceRevenueMinor,
  };
}
