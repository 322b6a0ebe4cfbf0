// What Stripe charges a Danish platform, in minor units, so balance transactions carry the fees a
// real account would see. From Stripe's EEA pricing in force since 10 April 2023
// (support.stripe.com "Pricing updates for businesses based in the EEA"; stripe.com/dk/pricing):
// - cards issued in the EEA (standard): 1.5% + the fixed fee; premium EEA cards 1.9%;
//   UK cards 2.5%; cards issued elsewhere ("international") 3.25%;
// - the fixed fee is €0.25, or its Danish equivalent 1.80 kr;
// - MobilePay is a card wallet: Stripe runs a card transaction on the card the wallet holds (a
//   Danish card), so it is priced as a standard EEA card;
// - a dispute costs €20 (150 kr), and is not given back when the dispute is won.
// Stripe's test cards 4242…, 4000…0002, 4000 0025 0000 3155 and 4000…0259 are US-issued cards, so
// they pay the international rate, as they do on a real Danish test account.
// Refunds give back no processing fee. Each currency settles in itself (no conversion fee): the
// platform is taken to hold a DKK and a EUR bank account, as a Danish marketplace taking euros would.
import { invalidRequest } from "./errors.ts";

export type CardPricing = "eea_standard" | "eea_premium" | "uk" | "international";

const PERCENT_IN_HUNDREDTHS: Record<CardPricing, number> = {
  eea_standard: 150,
  eea_premium: 190,
  uk: 250,
  international: 325,
};

const FIXED_FEE: Record<string, number> = { dkk: 180, eur: 25 };
const DISPUTE_FEE: Record<string, number> = { dkk: 15_000, eur: 2_000 };

export const SUPPORTED_CURRENCIES = Object.keys(FIXED_FEE);

function fixedFee(currency: string, table: Record<string, number>): number {
  const fee = table[currency];
  if (fee === undefined) {
    throw invalidRequest(`The stand-in prices only ${SUPPORTED_CURRENCIES.join(" and ")}; got ${currency}.`, {
      param: "currency",
    });
  }
  return fee;
}

/** The processing fee on a card charge, rounded to the minor unit as Stripe rounds (half up). */
export function processingFee(amount: number, currency: string, pricing: CardPricing): number {
  return Math.round((amount * PERCENT_IN_HUNDREDTHS[pricing]) / 10_000) + fixedFee(currency, FIXED_FEE);
}

export function disputeFee(currency: string): number {
  return fixedFee(currency, DISPUTE_FEE);
}
