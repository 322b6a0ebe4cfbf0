import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterPostings, isBalanced, labelPostings, postingsFor, type Posting } from "../../lib/money/ledger.ts";

describe("ledger postings", () => {
  it("balance for every movement and leave escrow empty after refund or settlement", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (payout, service, tenant) => {
          const trade = {
            payeePayoutMinor: payout,
            serviceRevenueMinor: service,
            tenantRevenueMinor: tenant,
            payerTotalMinor: payout + service + tenant,
            shippingPayerMinor: 0n,
          };
          const funded = postingsFor("fundEscrow", trade, { escrow: 0n, payeePayable: 0n });
          const escrow = funded.find((p) => p.account === "escrow")!.amountMinor;
          expect(escrow).toBe(trade.payerTotalMinor);
          for (const postings of [
            funded,
            postingsFor("refundPayer", trade, { escrow, payeePayable: 0n }),
            postingsFor("settle", trade, { escrow, payeePayable: 0n }),
            postingsFor("payout", trade, { escrow: 0n, payeePayable: payout }),
          ]) {
            expect(isBalanced(postings)).toBe(true);
          }
          expect(
            postingsFor("settle", trade, { escrow, payeePayable: 0n }).find((p) => p.account === "escrow")!.amountMinor,
          ).toBe(-escrow);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("carries the balances through a chain of movements as the ledger would sum them", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (payout, service, tenant) => {
          const trade = {
            payeePayoutMinor: payout,
            serviceRevenueMinor: service,
            tenantRevenueMinor: tenant,
            payerTotalMinor: payout + service + tenant,
            shippingPayerMinor: 0n,
          };
          let balances = { escrow: 0n, payeePayable: 0n };
          const all: Posting[] = [];
          for (const movement of ["fundEscrow", "settle", "payout"] as const) {
            const postings = postingsFor(movement, trade, balances);
            all.push(...postings);
            balances = afterPostings(balances, postings);
            const sum = (account: string) =>
              all.filter((p) => p.account === account).reduce((total, p) => total + p.amountMinor, 0n);
            expect(balances).toEqual({ escrow: sum("escrow"), payeePayable: sum("payee_payable") });
          }
          expect(balances).toEqual({ escrow: 0n, payeePayable: 0n });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses to settle an escrow that does not hold exactly the split", () => {
    const trade = {
      payeePayoutMinor: 90n,
      serviceRevenueMinor: 5n,
      tenantRevenueMinor: 5n,
      payerTotalMinor: 110n,
      shippingPayerMinor: 10n,
    };
    expect(() => postingsFor("settle", trade, { escrow: 99n, payeePayable: 0n })).toThrow(/Escrow holds 99/);
    expect(() => postingsFor("settle", trade, { escrow: 111n, payeePayable: 0n })).toThrow(/Escrow holds 111/);
    // Delivery by hand: the shipping money nobody used goes back to the payer.
    const settled = postingsFor("settle", trade, { escrow: 110n, payeePayable: 0n });
    expect(settled.find((p) => p.account === "payer_refund")?.amountMinor).toBe(10n);
    expect(isBalanced(settled)).toBe(true);
  });

  it("balances label purchases, paid from escrow, refunded, or paid by a party", () => {
    expect(isBalanced(labelPostings(4900n, 100n, 0n, "payee_funding"))).toBe(true);
    expect(isBalanced(labelPostings(0n, 0n, 5900n, "payer_funding"))).toBe(true);
    expect(
      labelPostings(3000n, 0n, 1900n, "payee_funding").find((p) => p.account === "carrier_payable")?.amountMinor,
    ).toBe(4900n);
  });
});
