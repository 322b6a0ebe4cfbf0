// Stripe's paths the stand-in serves, each with the published operation its parameters are
// checked against and the function that answers it.
import { createAccount, createExternalAccount, retrieveAccount, updateAccountOperation } from "./api/accounts.ts";
import { listBalanceTransactions, retrieveBalance } from "./api/balance.ts";
import { createCheckoutSession, expireCheckoutSession } from "./api/checkout.ts";
import { retrieveDispute } from "./api/disputes.ts";
import { createPayout, retrievePayout } from "./api/payouts.ts";
import { createRefund, retrieveRefund } from "./api/refunds.ts";
import { createTransfer, createTransferReversal, listTransfers, retrieveTransfer } from "./api/transfers.ts";
import type { JsonObject } from "./json.ts";
import type { Caller, World } from "./world.ts";

export interface RouteCall {
  world: World;
  caller: Caller;
  params: JsonObject;
  path: Record<string, string>;
}

export interface Route {
  /** "METHOD /v1/…{param}", exactly the key of the operation in published/api-subset.json. */
  operation: string;
  answer: (call: RouteCall) => object;
}

export const ROUTES: readonly Route[] = [
  { operation: "POST /v1/accounts", answer: ({ world, caller, params }) => createAccount(world, caller, params) },
  {
    operation: "GET /v1/accounts/{account}",
    answer: ({ world, caller, path }) => retrieveAccount(world, caller, path.account!),
  },
  {
    operation: "POST /v1/accounts/{account}",
    answer: ({ world, caller, params, path }) => updateAccountOperation(world, caller, path.account!, params),
  },
  {
    operation: "POST /v1/accounts/{account}/external_accounts",
    answer: ({ world, caller, params, path }) => createExternalAccount(world, caller, path.account!, params),
  },
  {
    operation: "POST /v1/checkout/sessions",
    answer: ({ world, caller, params }) => createCheckoutSession(world, caller, params),
  },
  {
    operation: "GET /v1/checkout/sessions/{session}",
    answer: ({ world, caller, path }) => world.state.checkoutSessions.get(caller.account, path.session!, "session"),
  },
  {
    operation: "POST /v1/checkout/sessions/{session}/expire",
    answer: ({ world, caller, path }) => expireCheckoutSession(world, caller, path.session!),
  },
  {
    operation: "GET /v1/payment_intents/{intent}",
    answer: ({ world, caller, path }) => world.state.paymentIntents.get(caller.account, path.intent!, "intent"),
  },
  {
    operation: "GET /v1/charges/{charge}",
    answer: ({ world, caller, path }) => world.state.charges.get(caller.account, path.charge!, "charge"),
  },
  { operation: "POST /v1/refunds", answer: ({ world, caller, params }) => createRefund(world, caller, params) },
  {
    operation: "GET /v1/refunds/{refund}",
    answer: ({ world, caller, path }) => retrieveRefund(world, caller, path.refund!),
  },
  { operation: "POST /v1/transfers", answer: ({ world, caller, params }) => createTransfer(world, caller, params) },
  { operation: "GET /v1/transfers", answer: ({ world, caller, params }) => listTransfers(world, caller, params) },
  {
    operation: "GET /v1/transfers/{transfer}",
    answer: ({ world, caller, path }) => retrieveTransfer(world, caller, path.transfer!),
  },
  {
    operation: "POST /v1/transfers/{id}/reversals",
    answer: ({ world, caller, params, path }) => createTransferReversal(world, caller, path.id!, params),
  },
  { operation: "POST /v1/payouts", answer: ({ world, caller, params }) => createPayout(world, caller, params) },
  {
    operation: "GET /v1/payouts/{payout}",
    answer: ({ world, caller, path }) => retrievePayout(world, caller, path.payout!),
  },
  { operation: "GET /v1/balance", answer: ({ world, caller }) => retrieveBalance(world, caller) },
  {
    operation: "GET /v1/balance_transactions",
    answer: ({ world, caller, params }) => listBalanceTransactions(world, caller, params),
  },
  {
    operation: "GET /v1/disputes/{dispute}",
    answer: ({ world, caller, path }) => retrieveDispute(world, caller, path.dispute!),
  },
  {
    operation: "GET /v1/events/{id}",
    answer: ({ world, caller, path }) => world.state.events.get(caller.account, path.id!, "id"),
  },
];

interface CompiledRoute {
  route: Route;
  method: string;
  pattern: RegExp;
  names: string[];
}

const COMPILED: CompiledRoute[] = ROUTES.map((route) => {
  const [method, template] = route.operation.split(" ") as [string, string];
  const names: string[] = [];
  const pattern = new RegExp(
    `^${template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
      names.push(name);
      return "([^/]+)";
    })}$`,
  );
  return { route, method, pattern, names };
});

export function matchRoute(method: string, pathname: string): { route: Route; path: Record<string, string> } | null {
  for (const candidate of COMPILED) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    const path: Record<string, string> = {};
    candidate.names.forEach((name, index) => (path[name] = decodeURIComponent(match[index + 1]!)));
    return { route: candidate.route, path };
  }
  return null;
}
