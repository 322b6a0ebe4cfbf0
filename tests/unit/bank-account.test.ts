import { describe, expect, it } from "vitest";
import { checkBankAccount } from "../../lib/payments/bank-account.ts";

describe("payout account numbers", () => {
  it.each([
    ["DK50 0040 0440 1162 43", "DK5000400440116243"],
    ["de89 3704 0044 0532 0130 00", "DE89370400440532013000"],
    ["GB82WEST12345698765432", "GB82WEST12345698765432"],
  ])("accepts the IBAN %s", (input, normalized) => {
    expect(checkBankAccount(input)).toEqual({ ok: true, normalized, kind: "iban" });
  });

  it("refuses an IBAN with a wrong check digit", () => {
    expect(checkBankAccount("DK5100400440116243")).toMatchObject({
      ok: false,
      problem: "iban_checksum",
      message: expect.stringContaining("check digits"),
    });
  });

  it("refuses an IBAN of the wrong length for its country before its checksum", () => {
    expect(checkBankAccount("DK500040044011624")).toMatchObject({ ok: false, problem: "iban_length" });
  });

  it("accepts a Danish registration and account number", () => {
    expect(checkBankAccount("1234 567890")).toEqual({ ok: true, normalized: "1234 0000567890", kind: "dk" });
    expect(checkBankAccount("1234-0000567890")).toEqual({ ok: true, normalized: "1234 0000567890", kind: "dk" });
  });

  it.each(["", "123", "1234 12345678901", "abc", "0000 1234567890", "1234 0000000000"])("refuses %j", (input) => {
    expect(checkBankAccount(input).ok).toBe(false);
  });
});
