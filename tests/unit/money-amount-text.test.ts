// Typed amounts are read exactly or refused, never rounded into another amount.
import { describe, expect, it } from "vitest";
import { amountFieldText, minorUnitsFromText } from "../../lib/money/amount-text.ts";

describe("typed amounts", () => {
  it("reads Danish and English notation exactly", () => {
    expect(minorUnitsFromText("20", "da")).toBe(2000n);
    expect(minorUnitsFromText("20,5", "da")).toBe(2050n);
    expect(minorUnitsFromText("1.200,50", "da")).toBe(120050n);
    expect(minorUnitsFromText("1 200,50 kr.", "da")).toBe(120050n);
    expect(minorUnitsFromText("1,200.50", "en")).toBe(120050n);
    expect(minorUnitsFromText("DKK 0.07", "en")).toBe(7n);
    // A point typed in Danish (or a comma in English) with one or two decimals is a decimal mark.
    expect(minorUnitsFromText("20.50", "da")).toBe(2050n);
    expect(minorUnitsFromText("20,5", "en")).toBe(2050n);
    expect(minorUnitsFromText("1.200", "da")).toBe(120000n);
    expect(minorUnitsFromText("1,200", "en")).toBe(120000n);
  });

  it("refuses what is not an amount instead of guessing", () => {
    for (const text of [
      "",
      " ",
      "-5",
      "1e3",
      "20,505",
      "12.34.56",
      "1.20,00",
      "abc",
      "20,",
      ",5",
      "0x10",
      "1234567890123",
    ]) {
      expect(minorUnitsFromText(text, "da"), text).toBeNull();
    }
    expect(minorUnitsFromText("20.505", "en")).toBeNull();
  });

  it("writes the amount back as plain decimal text", () => {
    expect(amountFieldText(2000n)).toBe("20.00");
    expect(amountFieldText(7n)).toBe("0.07");
    expect(minorUnitsFromText(amountFieldText(123456n), "en")).toBe(123456n);
  });
});
