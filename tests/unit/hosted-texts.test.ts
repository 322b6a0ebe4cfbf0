// The hosted pages' words: Danish has every text English has, and every action the status page
// offers has its question and its confirmation in both languages.
import { describe, expect, it } from "vitest";
import { da } from "../../lib/i18n/da.ts";
import { en } from "../../lib/i18n/en.ts";
import { formatMoney, resolveLocale } from "../../lib/i18n/index.ts";
import { ASKS_FIRST } from "../../lib/hosted/status-flow.ts";
import { ACTION } from "../../lib/trades/presentation/codes.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe("hosted page texts", () => {
  it("has the same texts in Danish and English", () => {
    expect(keys(da).sort()).toEqual(keys(en).sort());
  });

  it("asks before every action that cannot be undone or needs input, in both languages", () => {
    for (const code of ASKS_FIRST) {
      expect(en.status.asks[code]?.confirm).toBeTruthy();
      expect(da.status.asks[code]?.confirm).toBeTruthy();
    }
  });

  it("confirms every action the status page can take", () => {
    for (const code of Object.values(ACTION)) {
      if (code === ACTION.disputeRejection || code === ACTION.pay || ASKS_FIRST.has(code) || code === ACTION.choosePayoutAccount || code === ACTION.acceptInvitation) {
        expect(en.status.done[String(code)], `en done ${code}`).toBeTruthy();
        expect(da.status.done[String(code)], `da done ${code}`).toBeTruthy();
      }
    }
  });

  it("formats money exactly from minor units in each locale", () => {
    const plain = (text: string) => text.replace(/\u00a0/g, " ");
    expect(plain(formatMoney(160150n, "DKK", "en"))).toBe("DKK 1,601.50");
    expect(plain(formatMoney(160150n, "DKK", "da"))).toBe("1.601,50 kr.");
    expect(plain(formatMoney(1_000_000_000_000_01n, "DKK", "en"))).toBe("DKK 1,000,000,000,000.01");
    expect(plain(formatMoney(-5n, "DKK", "en"))).toBe("-DKK 0.05");
  });

  it("takes the language from the address, then the user's choice, then the browser, then the tenant", () => {
    expect(resolveLocale("da", "en", "en-GB", "en")).toBe("da");
    expect(resolveLocale(undefined, "da", "en-GB", "en")).toBe("da");
    expect(resolveLocale(undefined, undefined, "da-DK,da;q=0.9", "en")).toBe("da");
    expect(resolveLocale(undefined, undefined, "fr-FR", "da")).toBe("da");
    expect(resolveLocale("xx", undefined, null, "en")).toBe("en");
  });
});
