// Payout records (decisions.md §9) and the payout operations' requests.
import { z } from "zod";
import { Instant } from "../schemas/common.ts";

export const PAYOUT_STATES = ["Pending", "Paid", "Failed"] as const;

export const PayoutRecord = z
  .object({
    payoutId: z.string(),
    tradeId: z.string(),
    recipient: z
      .union([
        z.object({ marketplaceUserId: z.string() }),
        z.object({ businessId: z.string(), businessLocationId: z.string() }),
      ])
      .meta({
        description:
          "The payee (`marketplaceUserId`), or the business user location of `prioritizedPayees` that was paid.",
      }),
    amount: z.number().meta({ description: "Major units." }),
    currency: z.string(),
    bankAccount: z
      .string()
      .meta({ description: "The account paid to, masked: only its last 4 digits show.", example: "•••• 6243" }),
    state: z.enum(PAYOUT_STATES).meta({
      description:
        "`Pending` while the payment rail is asked; `Paid`; or `Failed` (the bank refused: the " +
        "money stays owed to the payee, and a new try follows when a new payout account is chosen).",
    }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    reference: z.string().meta({ description: "What the recipient's bank statement shows." }),
    failureReason: z.string().nullable().meta({ description: "Additive: why the bank refused a `Failed` payout." }),
  })
  .meta({ id: "Payout" });

export const ListPayoutsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(PAYOUT_STATES).optional(),
  tradeId: z.string().min(1).max(64).optional(),
  from: Instant.optional().meta({
    description: "Payouts created at or after this time (ISO 8601 with an offset, e.g. 2026-11-01T00:00:00Z).",
  }),
  to: Instant.optional().meta({ description: "Payouts created before this time." }),
});

export const PayoutList = z
  .object({
    payouts: z.array(PayoutRecord),
    pagination: z.object({ pageSize: z.number().int(), page: z.number().int(), totalCount: z.number().int() }),
  })
  .meta({ id: "PayoutList" });

export const PayoutParams = z.strictObject({ payoutId: z.string().min(1).max(64) });
