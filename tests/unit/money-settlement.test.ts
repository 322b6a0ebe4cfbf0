// Who bears a partial refund (lib/money/settlement.ts): the payee's payout first, then the
// tenant's fees, then the service's; nothing below zero; the parts always add up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payeeReceivesMinor, refundableMinor, splitWithRefund } from "../../lib/money/settlement.ts";

const trade = { payeePayoutMinor: 113000n, tenantRevenueMinor: 8600n, serviceRevenueMinor: 2000n };

describe("splitWithRefund", () => {
  it("takes a small refund from the payee only", () => {
    expect(splitWithRefund({ ...trade, refundMinor: 2000n })).toEqual({
      refundMinor: 2000n,
      payeePayoutMinor: 111000n,
      tenantRevenueMinor: 8600n,
      serviceRevenueMinor: 2000n,
    });
  });

  it("takes the rest of a larger refund from the tenant's fees, then the service's", () => {
    expect(splitWithRefund({ ...trade, refundMinor: 120000n })).toEqual({
      refundMinor: 120000n,
      payeePayoutMinor: 0n,
      tenantRevenueMinor: 1600n,
      serviceRevenueMinor: 2000n,
    });
    expect(splitWithRefund({ ...trade, refundMinor: 122600n })).toEqual({
      refundMinor: 122600n,
      payeePayoutMinor: 0n,
      tenantRevenueMinor: 0n,
      serviceRevenueMinor: 1000n,
    });
  });

  it("refuses a negative refund or more than the item's money", () => {
    expect(() => splitWithRefund({ ...trade, refundMinor: -1n })).toThrow();
    expect(() => splitWithRefund({ ...trade, refundMinor: refundableMinor(trade) + 1n })).toThrow();
  });

  it("always adds up, never goes below zero, and never takes fees while the payee has money left (1,000 cases)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 1n << 40n }),
        (payee, tenant, service, pick) => {
          const input = { payeePayoutMinor: payee, tenantRevenueMinor: tenant, serviceRevenueMinor: service };
          const refundMinor = pick % (refundableMinor(input) + 1n);
          const split = splitWithRefund({ ...input, refundMinor });
          expect(
            split.refundMinor + split.payeePayoutMinor + split.tenantRevenueMinor + split.serviceRevenueMinor,
          ).toBe(refundableMinor(input));
          for (const part of [split.payeePayoutMinor, split.tenantRevenueMinor, split.serviceRevenueMinor])
            expect(part >= 0n).toBe(true);
          if (split.payeePayoutMinor > 0n)
            expect([split.tenantRevenueMinor, split.serviceRevenueMinor]).toEqual([tenant, service]);
          if (split.tenantRevenueMinor > 0n) expect(split.serviceRevenueMinor).toBe(service);
        },
      ),
      { numRuns: 1000, seed: 20261125 },
    );
  });

  it("payeeReceivesMinor is the agreed payout without a settlement", () => {
    expect(payeeReceivesMinor({ ...trade, settlementRefundMinor: null })).toBe(113000n);
    expect(payeeReceivesMinor({ ...trade, settlementRefundMinor: 500n })).toBe(112500n);
  });
});
