// The limits of each tenant setting the console edits, shared by the forms (to explain them) and
// the server (to enforce them). Pure data and zod: safe to import in the browser.
import { z } from "zod";

const HOUR = 3600;
const DAY = 24 * HOUR;

export const DEADLINES = [
  {
    key: "unpaidExpirySeconds",
    label: "Unpaid trade expires",
    description: "A trade the buyer has not paid for is cancelled after this long.",
    min: HOUR,
    max: 30 * DAY,
  },
  {
    key: "shipmentDeadlineSeconds",
    label: "Seller ships within",
    description: "A paid trade with no parcel sent by then is cancelled and the buyer refunded.",
    min: DAY,
    max: 30 * DAY,
  },
  {
    key: "acceptanceDeadlineSeconds",
    label: "Buyer accepts within",
    description:
      "A delivered item the buyer has not accepted or rejected by then counts as accepted, and " +
      "the seller is paid. The seller has as long to answer a rejection.",
    min: DAY,
    max: 14 * DAY,
  },
  {
    key: "returnShipmentDeadlineSeconds",
    label: "Buyer returns within",
    description: "After a rejection, a return parcel not sent by then ends the return: the seller is paid.",
    min: DAY,
    max: 30 * DAY,
  },
  {
    key: "returnAcceptanceDeadlineSeconds",
    label: "Seller accepts return within",
    description:
      "A returned item the seller has not accepted or disputed by then counts as accepted, and the buyer is refunded.",
    min: DAY,
    max: 14 * DAY,
  },
] as const;

export type DeadlineKey = (typeof DEADLINES)[number]["key"];

/** "1 hour", "30 days", "36 hours": how the limits read in messages. */
export function describeSeconds(seconds: number): string {
  if (seconds % DAY === 0) return `${seconds / DAY} ${seconds === DAY ? "day" : "days"}`;
  const hours = Math.round(seconds / HOUR);
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

export const DeadlinesBody = z.strictObject(
  Object.fromEntries(
    DEADLINES.map((d) => [
      d.key,
      z
        .number("Enter a number.")
        .int("Whole seconds only.")
        .min(d.min, `At least ${describeSeconds(d.min)}.`)
        .max(d.max, `At most ${describeSeconds(d.max)}.`),
    ]),
  ) as Record<DeadlineKey, z.ZodNumber>,
);

// Currencies whose minor unit is 1/100 (the money code assumes two decimals).
export const CURRENCIES = ["DKK", "EUR", "SEK", "NOK", "GBP", "USD", "CHF", "PLN"] as const;
export const CurrencyBody = z.strictObject({ currency: z.enum(CURRENCIES, `Choose one of ${CURRENCIES.join(", ")}.`) });

/** The tenant's fee account: a bank account, its holder, and the terms accepted with it. */
export const FeeAccountBody = z.strictObject({
  accountNumber: z.string().max(64, "At most 64 characters."),
  holderName: z.string().trim().min(1, "Give the name the account is held in.").max(200, "At most 200 characters."),
  acceptTerms: z.literal(true, "Accept the terms of receiving payouts to save the account."),
});

export const MAX_REDIRECT_ORIGINS = 20;
export const HostedPagesBody = z.strictObject({
  brandName: z.string().max(80, "At most 80 characters."),
  brandColor: z.string().max(20, "A hex colour such as #0f766e."),
  locale: z.enum(["en", "da"], "Choose English or Danish."),
  allowedRedirectOrigins: z
    .array(z.string().max(200, "At most 200 characters."))
    .max(MAX_REDIRECT_ORIGINS, `At most ${MAX_REDIRECT_ORIGINS} origins.`),
});

export const MAX_BUSINESS_IDS = 100;
export const BusinessIdsBody = z.strictObject({
  allowedBusinessIds: z
    .array(
      z
        .string()
        .trim()
        .min(1, "Enter a company registration number.")
        .max(64, "At most 64 characters.")
        .regex(/^\S*$/, "No spaces."),
    )
    .max(MAX_BUSINESS_IDS, `At most ${MAX_BUSINESS_IDS} business ids.`),
});

// API requests per minute per token (lib/api/token-rate-limit.ts). Below 60 a marketplace could lock
// itself out of its own trades; above 6,000 (100 a second, per token) is agreed with the service,
// which sets it with the operator CLI (lib/tenants/rate-limit-settings.ts).
export const CONSOLE_RATE_LIMIT = { min: 60, max: 6000 } as const;
export const RateLimitBody = z.strictObject({
  rateLimitPerMinute: z
    .number("Enter a number.")
    .int("Whole requests only.")
    .min(CONSOLE_RATE_LIMIT.min, `At least ${CONSOLE_RATE_LIMIT.min} a minute.`)
    .max(
      CONSOLE_RATE_LIMIT.max,
      `At most ${CONSOLE_RATE_LIMIT.max.toLocaleString("en-GB")} a minute; contact us for more.`,
    ),
});
