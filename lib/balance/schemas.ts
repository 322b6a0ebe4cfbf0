// The balance and balance transactions (decisions.md §9): the one source of their validation,
// types and OpenAPI schemas.
import { z } from "zod";
import { Instant } from "../schemas/common.ts";
import { BALANCE_TRANSACTION_TYPES } from "./ledger-to-balance.ts";

const Amount = (description: string) => z.number().meta({ description: `${description} Major units.` });

export const CurrencyBalance = z
  .object({
    currency: z.string(),
    heldInEscrow: Amount("Paid in by payers for trades not yet settled (account `escrow`)."),
    payableToPayees: Amount(
      "Owed to payees of settled trades and not yet paid out (`payee_payable`); a failed payout stays here.",
    ),
    refundsPending: Amount(
      "Owed back to payers and not yet sent. Always 0 today: a refund is sent in the step that decides it.",
    ),
    payableToCarriers: Amount("Additive: paid for shipping labels and owed to the carriers (`carrier_payable`)."),
    tenantRevenue: Amount("Your share of the fees of settled trades (`tenant_revenue`)."),
    serviceFees: Amount("The service's agreed share of those fees (`service_revenue`)."),
    total: Amount(
      "Additive: the sum of the fields above, which is also the sum of the `amount` of every balance transaction up to `at`.",
    ),
  })
  .meta({ id: "CurrencyBalance" });

export const Balance = z
  .object({
    at: z
      .string()
      .nullable()
      .meta({ description: "The moment asked for (`at`), or null: the balance after every transfer so far." }),
    balances: z
      .array(CurrencyBalance)
      .meta({ description: "One entry per currency, your default currency always included." }),
  })
  .meta({ id: "Balance" });

export const GetBalanceQuery = z.strictObject({
  at: Instant.optional().meta({
    description: "The balance at this moment: every transfer made at or before it (ISO 8601 with an offset).",
  }),
});

export const BalanceTransaction = z
  .object({
    id: z.string().meta({ description: "The ledger transfer's id; use it as `startingAfter`." }),
    type: z.enum(BALANCE_TRANSACTION_TYPES).meta({
      description:
        "`funding` a payer paid into escrow; `refund` money went back to the payer; `revenue` a " +
        "trade settled (fees earned, payout owed); `settlement` a trade settled with a partial " +
        "refund (settle or accepted offer); `payout` a payee was paid; `label` a shipping label was " +
        "bought; `fee` a fee apart from a trade (none today).",
    }),
    tradeId: z.string().nullable(),
    amount: Amount(
      "The net effect on the balance's `total`: the sum of this transfer's postings to the balance's accounts (money in is positive).",
    ),
    currency: z.string(),
    createdAt: z.string(),
    postings: z
      .array(
        z.object({
          account: z.string(),
          amount: z.number().meta({ description: "Major units; into the account positive, out of it negative." }),
        }),
      )
      .meta({
        description:
          "Every posting of the transfer (they sum to zero), outside accounts included: " +
          "`payer_funding`, `payee_funding`, `payer_refund`, `payee_bank` are money outside the " +
          "service.",
      }),
  })
  .meta({ id: "BalanceTransaction" });

export const ListBalanceTransactionsQuery = z.strictObject({
  startingAfter: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: "The `id` of the last transaction of the previous page." }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  tradeId: z.string().min(1).max(64).optional(),
  type: z.enum(BALANCE_TRANSACTION_TYPES).optional(),
  from: Instant.optional().meta({
    description: "Transactions created at or after this time (ISO 8601 with an offset).",
  }),
  to: Instant.optional().meta({ description: "Transactions created before this time." }),
});

export const BalanceTransactionList = z
  .object({
    balanceTransactions: z.array(BalanceTransaction),
    hasMore: z
      .boolean()
      .meta({ description: "Whether a next page exists: ask again with `startingAfter` = the last `id`." }),
  })
  .meta({ id: "BalanceTransactionList" });
