import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decimalToString,
  minorUnitsFromNumber,
  numberFromMinorUnits,
  parseDecimal,
  percentOfMinorUnits,
  roundHalfAwayFromZero,
} from "../../lib/money/decimal.ts";

describe("minor units of a sent amount", () => {
  it.each([
    [100.005, 10001n],
    [100.004, 10000n],
    [0.015, 2n],
    [1.005, 101n], // the double is 1.00499999999999989…, the sent decimal is 1.005
    [2.675, 268n],
    [10000000, 1000000000n],
    [5, 500n],
    [-1.005, -101n],
    [1e-7, 0n],
  ])("%s → %s", (sent, minor) => {
    expect(minorUnitsFromNumber(sent)).toBe(minor);
  });

  it("round-trips through the JSON number exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n }), (minor) => {
        const json = JSON.stringify(numberFromMinorUnits(minor));
        expect(minorUnitsFromNumber(JSON.parse(json))).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });

  it("rounds every two-to-four-decimal amount half away from zero, like decimal arithmetic by hand", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 2, max: 4 }), (units, digits) => {
        const text = (units / 10 ** digits).toFixed(digits); // a decimal a tenant could send
        const [whole, fraction] = text.split(".") as [string, string];
        const kept = BigInt(`${whole}${fraction.slice(0, 2)}`);
        const rest = fraction.slice(2);
        const expected = rest.length && Number(rest[0]) >= 5 ? kept + 1n : kept;
        expect(minorUnitsFromNumber(Number(text))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("percentages", () => {
  it("computes round(amount × percent / 100) exactly", () => {
    expect(percentOfMinorUnits(10000n, parseDecimal("2.5"))).toBe(250n);
    expect(percentOfMinorUnits(333n, parseDecimal("10"))).toBe(33n); // 33.3
    expect(percentOfMinorUnits(335n, parseDecimal("10"))).toBe(34n); // 33.5 → away from zero
    expect(percentOfMinorUnits(100n, parseDecimal("0.5"))).toBe(1n); // 0.5
    expect(percentOfMinorUnits(123456789n, parseDecimal("100"))).toBe(123456789n);
    expect(percentOfMinorUnits(1000000000n, parseDecimal("0"))).toBe(0n);
  });

  it("never exceeds the amount for percentages up to 100", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, hundredthsOfBasisPoint) => {
          const percent = parseDecimal((hundredthsOfBasisPoint / 10_000).toFixed(4));
          const fee = percentOfMinorUnits(amount, percent);
          expect(fee >= 0n && fee <= amount).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("decimal parsing", () => {
  it("reads plain and exponent notation exactly", () => {
    expect(parseDecimal("100.005")).toEqual({ units: 100005n, scale: 3 });
    expect(parseDecimal("1e3")).toEqual({ units: 1000n, scale: 0 });
    expect(parseDecimal("-2.5e-3")).toEqual({ units: -25n, scale: 4 });
    expect(decimalToString(parseDecimal("0.0500"))).toBe("0.0500");
    expect(() => parseDecimal("1,5")).toThrow(RangeError);
  });

  it("rounds half away from zero in both directions", () => {
    expect(roundHalfAwayFromZero(25n, 1)).toBe(3n);
    expect(roundHalfAwayFromZero(-25n, 1)).toBe(-3n);
    expect(roundHalfAwayFromZero(24n, 1)).toBe(2n);
    expect(roundHalfAwayFromZero(7n, -2)).toBe(700n);
  });
});
