// Payouts as records (decisions.md §9): additive operations of the v1 API.
import { COMMON_ERRORS, defineOperation } from "../operation.ts";
import { ListPayoutsQuery, PayoutList, PayoutParams, PayoutRecord } from "../../payouts/schemas.ts";

export const listPayouts = defineOperation({
  operationId: "listPayouts",
  method: "GET",
  path: "/v1/marketplace/payouts",
  summary: "List payouts",
  description:
    "Additive. Every try at paying a settled trade's payee, newest first: `Pending` while the " +
    "payment rail is asked, `Paid` (with the bank statement's `reference`), or `Failed` (the " +
    "bank refused; the money stays owed and a new try, a new payout, follows once a new payout " +
    "account is chosen). Paged like Get trades; filter by `state`, `tradeId`, and creation time " +
    "`from` (inclusive) and `to` (exclusive). Events `payout.paid` and `payout.failed` tell you " +
    "as it happens.",
  tags: ["Payouts"],
  query: ListPayoutsQuery,
  response: PayoutList,
  errors: [...COMMON_ERRORS],
});

export const getPayout = defineOperation({
  operationId: "getPayout",
  method: "GET",
  path: "/v1/marketplace/payouts/{payoutId}",
  summary: "Get payout",
  description: "Additive. One payout of yours (the `payoutId` of a payout event's metadata, or of List payouts).",
  tags: ["Payouts"],
  params: PayoutParams,
  response: PayoutRecord,
  errors: [...COMMON_ERRORS, "not-found"],
});
