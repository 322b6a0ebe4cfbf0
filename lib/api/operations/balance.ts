// The balance and its transactions (decisions.md §9): additive operations of the v1 API.
import { COMMON_ERRORS, defineOperation } from "../operation.ts";
import {
  Balance,
  BalanceTransactionList,
  GetBalanceQuery,
  ListBalanceTransactionsQuery,
} from "../../balance/schemas.ts";

export const getBalance = defineOperation({
  operationId: "getBalance",
  method: "GET",
  path: "/v1/marketplace/balance",
  summary: "Get balance",
  description:
    "Additive. The money the service holds for you in this token's mode, per currency, derived " +
    "from the ledger: held in escrow, owed to payees, owed back to payers, owed to carriers, " +
    "your fee revenue and the service's fees. With `at`, the balance at that moment. The sum of " +
    "your balance transactions up to a moment equals the balance at that moment, field by field " +
    "(docs/money.md).",
  tags: ["Balance"],
  query: GetBalanceQuery,
  response: Balance,
  errors: [...COMMON_ERRORS],
});

export const listBalanceTransactions = defineOperation({
  operationId: "listBalanceTransactions",
  method: "GET",
  path: "/v1/marketplace/balance-transactions",
  summary: "List balance transactions",
  description:
    "Additive. Every ledger transfer of yours in this token's mode, newest first: its `type`, " +
    "trade, postings, and `amount`, its net effect on the balance's `total`. Summing the " +
    "postings of every transaction up to a moment, per balance account, gives Get balance at " +
    "that moment. Cursor paged: `limit` (1..100, default 20) and `startingAfter` (the last `id` " +
    "of the previous page) while `hasMore`; filter by `tradeId`, `type`, and creation time " +
    "`from` (inclusive) and `to` (exclusive). A closed period (`to` a minute or more in the past) may be " +
    "read from a database replica, which holds all of it; anything else is read from the primary.",
  tags: ["Balance"],
  query: ListBalanceTransactionsQuery,
  response: BalanceTransactionList,
  errors: [...COMMON_ERRORS],
});
