// The console's money views: the finance overview and the payouts list.
import type { loadFinance } from "../finance/load-finance.ts";
import { FinanceFilters } from "../finance/finance-filters.ts";
import type { listPayouts } from "../payouts/list-payouts.ts";
import { PayoutFilters } from "../payouts/payout-filters.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

export const financeView = consoleOperation<ResultOf<typeof loadFinance>>()({
  method: "GET",
  path: "/console/api/finance",
  query: FinanceFilters,
});

export const payoutList = consoleOperation<ResultOf<typeof listPayouts>>()({
  method: "GET",
  path: "/console/api/payouts",
  query: PayoutFilters,
});
