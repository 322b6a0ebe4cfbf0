// The console's trade endpoints: the list, and what an admin may do to one trade.
import { z } from "zod";
import type { listTrades } from "../trades/list-trades.ts";
import { TradeFilters } from "../trades/trade-filters.ts";
import type {
  staffCancelTrade,
  staffDecideChargeback,
  staffResolveDispute,
  staffSettleTrade,
} from "../trades/staff-trade-actions.ts";
import { consoleOperation, type ResultOf } from "./operation.ts";

// The state the admin saw: the change is refused if the trade moved on meanwhile.
const ExpectedState = z.string().min(1).max(64);

export const tradeList = consoleOperation<ResultOf<typeof listTrades>>()({
  method: "GET",
  path: "/console/api/trades",
  query: TradeFilters,
});

export const tradeCancel = consoleOperation<ResultOf<typeof staffCancelTrade>>()({
  method: "POST",
  path: "/console/api/trades/{tradeId}/cancel",
  body: z.strictObject({ state: ExpectedState }),
});

export const tradeResolve = consoleOperation<ResultOf<typeof staffResolveDispute>>()({
  method: "POST",
  path: "/console/api/trades/{tradeId}/resolve",
  // `state`: the state the page showed, so a trade that moved meanwhile is not decided blindly.
  body: z.strictObject({ outcome: z.enum(["release", "refund"]), state: ExpectedState }),
});

export const tradeSettle = consoleOperation<ResultOf<typeof staffSettleTrade>>()({
  method: "POST",
  path: "/console/api/trades/{tradeId}/settle",
  // The amount travels as decimal text ("20.00"), never as a JSON number, so it arrives exactly as typed.
  body: z.strictObject({
    refundAmount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "An amount with at most 2 decimals, for example 20.00"),
    reason: z.string().trim().min(1, "Say why, for the trade's timeline").max(2000),
    state: ExpectedState,
  }),
});

export const tradeChargebackDecision = consoleOperation<ResultOf<typeof staffDecideChargeback>>()({
  method: "POST",
  path: "/console/api/trades/{tradeId}/chargebacks/{chargebackId}/decision",
  // Refused unless the chargeback was lost before the payout and is undecided: the page's view is compared there.
  body: z.strictObject({ decision: z.enum(["PayPayee", "RecoverFromPayee"]) }),
});
