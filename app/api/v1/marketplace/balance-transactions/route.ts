// GET /api/v1/marketplace/balance-transactions – the ledger transfers behind the balance, newest first
import { apiRoute } from "@/lib/api/route.ts";
import { listBalanceTransactions } from "@/lib/balance/list-balance-transactions.ts";
import * as operations from "@/lib/api/operations/balance.ts";

export const GET = apiRoute(operations.listBalanceTransactions, (context) =>
  listBalanceTransactions(context, context.query),
);
