import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDecimal } from "../../lib/money/decimal.ts";
import { computeTradeMoney, FeeProblem, type FeeAgreement } from "../../lib/money/fees.ts";

const NONE: FeeAgreement = {
  servicePayerFeePercent: parseDecimal("0"),
  servicePayerFixedMinor: 0n,
  servicePayeeFeePercent: parseDecimal("0"),
  servicePayeeFixedMinor: 0n,
};

describe("trade money", () => {
  it("computes the example of decisions.md §4", () => {
    const money = computeTradeMoney(
      {
        amountMinor: 100001n,
        payerFeePercent: parseDecimal("2.5"),
        payerFixedFeeMinor: 500n,
        payeeFeePercent: parseDecimal("5"),
        payeeFixedFeeMinor: 100n,
      },
      {
        servicePayerFeePercent: parseDecimal("1"),
        servicePayerFixedMinor: 200n,
        servicePayeeFeePercent: parseDecimal("2"),
        servicePayeeFixedMinor: 0n,
      },
    );
    // 1000.01 × 2.5 % = 25.00025 → 25.00; × 5 % = 50.0005 → 50.00; × 1 % = 10.0001 → 10.00; × 2 % = 20.0002 → 20.00
    expect(money).toEqual({
      payerFeeMinor: 2500n,
      payeeFeeMinor: 5000n,
      shippingPayerMinor: 0n,
      payerTotalMinor: 100001n + 2500n + 500n,
      payeePayoutMinor: 100001n - 5000n - 100n,
      serviceRevenueMinor: 1000n + 200n + 2000n,
      tenantRevenueMinor: 2500n + 500n + 5000n + 100n - 3200n,
    });
  });

  it("refuses payee fees above the amount and fees below the service's agreed part, naming the field", () => {
    const base = {
      amountMinor: 1000n,
      payerFeePercent: parseDecimal("0"),
      payerFixedFeeMinor: 0n,
      payeeFeePercent: parseDecimal("50"),
      payeeFixedFeeMinor: 600n,
    };
    const problemField = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        if (error instanceof FeeProblem) return error.field;
        throw error;
      }
      return null;
    };
    expect(problemField(() => computeTradeMoney(base, NONE))).toBe("payeeFixedFee");
    expect(
      problemField(() =>
        computeTradeMoney({ ...base, payeeFixedFeeMinor: 0n }, { ...NONE, servicePayerFeePercent: parseDecimal("1") }),
      ),
    ).toBe("payerFee");
    expect(
      problemField(() =>
        computeTradeMoney({ ...base, payeeFixedFeeMinor: 0n }, { ...NONE, servicePayeeFixedMinor: 1n }),
      ),
    ).toBe("payeeFixedFee");
    expect(computeTradeMoney({ ...base, payeeFixedFeeMinor: 500n }, NONE).payeePayoutMinor).toBe(0n);
  });

  it("always balances: payer total = payout + service revenue + tenant revenue + shipping the payer bears, none negative", () => {
    const percent = fc.integer({ min: 0, max: 1_000_000 }).map((n) => parseDecimal((n / 10_000).toFixed(4)));
    fc.assert(
      fc.property(
        fc.bigInt({ min: 500n, max: 1_000_000_000n }),
        percent,
        percent,
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        (
          amountMinor,
          payerFeePercent,
          payeeFeePercent,
          payerFixedFeeMinor,
          payeeFixedFeeMinor,
          share,
          shippingPayerMinor,
        ) => {
          // The service takes at most the tenant's fee (a share of it).
          const agreement: FeeAgreement = {
            servicePayerFeePercent: parseDecimal(
              ((Number(payerFeePercent.units) * share) / 10 ** payerFeePercent.scale).toFixed(4),
            ),
            servicePayerFixedMinor: payerFixedFeeMinor / 2n,
            servicePayeeFeePercent: parseDecimal("0"),
            servicePayeeFixedMinor: payeeFixedFeeMinor,
          };
          let money;
          try {
            money = computeTradeMoney(
              {
                amountMinor,
                payerFeePercent,
                payerFixedFeeMinor,
                payeeFeePercent,
                payeeFixedFeeMinor,
                shippingPayerMinor,
              },
              agreement,
            );
          } catch (error) {
            expect(error).toBeInstanceOf(FeeProblem);
            return;
          }
          expect(money.payerTotalMinor).toBe(
            money.payeePayoutMinor + money.serviceRevenueMinor + money.tenantRevenueMinor + shippingPayerMinor,
          );
          expect(
            money.payeePayoutMinor >= 0n && money.serviceRevenueMinor >= 0n && money.tenantRevenueMinor >= 0n,
          ).toBe(true);
          expect(money.payerTotalMinor).toBe(
            amountMinor + money.payerFeeMinor + payerFixedFeeMinor + shippingPayerMinor,
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
