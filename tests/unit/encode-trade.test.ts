// A page's records are written by the writer compiled from the Trade's schema (lib/trades/encode-trade.ts),
// a detail by JSON.stringify of the serializer's value: the two must be the same text for any trade,
// so that a record reads the same in a page, a detail and a webhook. Trades of every state, with
// any instants present or absent, parts present or absent, and text that JSON must escape.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Trade } from "../../lib/db/generated/client.ts";
import { Decimal } from "../../lib/db/generated/internal/prismaNamespace.ts";
import type { Locale } from "../../lib/locale.ts";
import { encodeTrade } from "../../lib/trades/encode-trade.ts";
import { serializeTrade } from "../../lib/trades/serialize-trade.ts";
import { TRADE_STATES } from "../../lib/trades/states.ts";
import type { AccountView, LabelView, TradeView } from "../../lib/trades/store/reads.ts";

const INSTANTS = [
  "contractStartedAt",
  "contractPaidAt",
  "invitationAcceptedAt",
  "invitationRejectedAt",
  "deliveryStartedAt",
  "deliveryPaidAt",
  "sentAt",
  "lostAt",
  "deliveredAt",
  "approvedAt",
  "rejectedAt",
  "returnStartedAt",
  "returnPaidAt",
  "returnSentAt",
  "returnLostAt",
  "returnDeliveredAt",
  "returnApprovedAt",
  "returnRejectedAt",
  "succeededAt",
  "cancelledAt",
  "returnedAt",
  "releasedAt",
  "deadlineAt",
  "offerMadeAt",
  "offerLapsesAt",
] as const;

// Any text, including quotes, backslashes, control characters, non-Latin-1 and lone surrogates.
const text = fc.string({ unit: "binary", maxLength: 12 });
const instant = fc.option(fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }));
const minor = fc.bigInt(0n, 10n ** 12n);
// numeric(20, 10), as lib/db/sql.ts reads it.
const percent = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal((n / 100).toFixed(2)));
const reason = fc.option(fc.record({ description: text, images: fc.array(text, { maxLength: 2 }) }));

const label: fc.Arbitrary<LabelView | null> = fc.option(
  fc.record({
    id: text,
    labelPricePayerMinor: minor,
    labelPricePayeeMinor: minor,
    labelCode: text,
    labelPaidBy: fc.constantFrom(0, 1, 2, 3),
    carrier: text,
    trackingUrl: text,
  }),
);

const account: fc.Arbitrary<AccountView | null> = fc.option(
  fc.record({
    id: text,
    phoneNumber: fc.option(text),
    name: text,
    city: text,
    postalCode: text,
    address: text,
    hasPayoutAccount: fc.boolean(),
  }),
);

const trade = fc
  .record({
    id: text,
    state: fc.constantFrom(...TRADE_STATES),
    createdBy: text,
    referenceId: fc.option(text),
    title: text,
    description: text,
    amountMinor: minor,
    payerTotalMinor: minor,
    payeePayoutMinor: minor,
    payerFeeMinor: minor,
    payeeFeeMinor: minor,
    payerFixedFeeMinor: minor,
    payeeFixedFeeMinor: minor,
    payerFeePercent: percent,
    payeeFeePercent: percent,
    serviceRevenueMinor: minor,
    tenantRevenueMinor: minor,
    offerRefundMinor: fc.option(minor),
    // A settlement gives back at most what escrow holds for the item (lib/money/settlement.ts).
    refundPercent: fc.option(fc.bigInt(0n, 100n)),
    imageUrls: fc.array(text, { maxLength: 3 }),
    prioritizedPayees: fc.option(fc.array(fc.record({ businessId: text, businessLocationId: text }), { maxLength: 2 })),
    rejectedReason: reason,
    returnRejectedReason: reason,
    instants: fc.tuple(...INSTANTS.map(() => instant)),
  })
  .map(({ instants, refundPercent, ...rest }) => ({
    ...rest,
    settlementRefundMinor:
      refundPercent === null
        ? null
        : ((rest.payeePayoutMinor + rest.serviceRevenueMinor + rest.tenantRevenueMinor) * refundPercent) / 100n,
    ...Object.fromEntries(INSTANTS.map((name, index) => [name, instants[index]])),
  }));

const view: fc.Arbitrary<TradeView> = fc.record({
  trade: trade as unknown as fc.Arbitrary<Trade>,
  delivery: label,
  return: label,
  payer: account,
  payee: account,
});

describe("encodeTrade", () => {
  it("writes the same text as JSON.stringify of the serialized trade, in either language", () => {
    fc.assert(
      fc.property(view, fc.constantFrom<Locale>("en", "da"), (trade, locale) => {
        const written = encodeTrade(trade, locale).toString("utf8");
        expect(written).toBe(JSON.stringify(serializeTrade(trade, locale)));
      }),
      { numRuns: 500 },
    );
  });
});
