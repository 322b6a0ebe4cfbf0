// The hosted pages' words: every action the status page offers has its question and its
// confirmation in both languages (tests/unit/i18n.test.ts checks the catalogs as a whole).
import { describe, expect, it } from "vitest";
import { da } from "../../lib/i18n/da.ts";
import { en } from "../../lib/i18n/en.ts";
import { resolveLocale } from "../../lib/i18n/index.ts";
import { formatMoney } from "../../lib/money/format.ts";
import { ASKS_FIRST } from "../../lib/hosted/status-flow.ts";
import { ACTION, ACTION_NAME, actionName } from "../../lib/trades/presentation/codes.ts";

describe("hosted page texts", () => {
  it("asks before every action that cannot be undone or needs input, in both languages", () => {
    for (const code of ASKS_FIRST) {
      const name = actionName(code) ?? "";
      expect(en.status.asks[name]?.confirm, `en asks ${name}`).toBeTruthy();
      expect(da.status.asks[name]?.confirm, `da asks ${name}`).toBeTruthy();
    }
  });

  it("confirms every action the status page can take", () => {
    for (const code of Object.values(ACTION)) {
      if (
        code === ACTION.disputeRejection ||
        code === ACTION.pay ||
        ASKS_FIRST.has(code) ||
        code === ACTION.choosePayoutAccount ||
        code === ACTION.acceptInvitation
      ) {
        expect(en.status.done[ACTION_NAME[code]], `en done ${ACTION_NAME[code]}`).toBeTruthy();
        expect(da.status.done[ACTION_NAME[code]], `da done ${ACTION_NAME[code]}`).toBeTruthy();
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
