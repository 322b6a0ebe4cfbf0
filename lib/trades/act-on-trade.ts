// Runs a party's call on one of its trades: load the trade as that user sees it (404 if they are
// not a party, exactly like a trade that does not exist), decide which table action the call
// means for their role and the trade's state, apply it, answer the updated Trade (read with its
// parts by the transition's own statement).
import type { Prisma } from "../db/generated/client.ts";
import type { TenantContext } from "../auth/authenticate.ts";
import type { Trade } from "../db/generated/client.ts";
import { refuseOnePersonOnBothSides } from "./distinct-parties.ts";
import type { Sql } from "../db/sql.ts";
import type { Balances } from "../money/ledger.ts";
import { tradeBalances } from "./store/ledger-rows.ts";
import { tradeLocks } from "./store/lock.ts";
import type { Locale } from "../locale.ts";
import type { Role } from "./transition-table.ts";
import { serializeTrade } from "./serialize-trade.ts";
import type { Action } from "./transition-table.ts";
import { withLockedTrade } from "./with-locked-trade.ts";

export type Context = TenantContext & { now: Date; locale: Locale };

export interface PartyCall {
  action: Action;
  details?: Prisma.TradeUncheckedUpdateManyInput;
  /** Recorded with the timeline entry (e.g. an offer's amount). */
  entryDetails?: Prisma.InputJsonValue;
  /** The payer commits to the trade: refused when both parties are one person (distinct-parties.ts). */
  distinctParties?: true;
}

/**
 * `readsBalances`: the calls may move money that needs the trade's ledger balances (a settlement,
 * a refund); they are read right behind the lock, in its round trip, so that the transition's one
 * statement writes the movement too instead of a statement after it (lib/trades/plan-transition.ts).
 */
export interface PartyCallOptions {
  readsBalances?: boolean;
}

export async function actOnTrade(
  context: Context,
  marketplaceUserId: string,
  tradeId: string,
  choose: (role: Role, trade: Trade) => PartyCall,
  options: PartyCallOptions = {},
) {
  // The transition's own statement reads what the answer shows besides the row.
  const { trade, parts } = await transitionPartyTrade(context, marketplaceUserId, tradeId, choose, true, options);
  return serializeTrade({ ...parts!, trade }, context.locale);
}

/** The same for callers that need the trade row, not the API's Trade (the hosted pages). */
export async function applyPartyCall(
  context: PartyContext,
  marketplaceUserId: string,
  tradeId: string,
  choose: (role: Role, trade: Trade) => PartyCall,
): Promise<Trade> {
  return (await transitionPartyTrade(context, marketplaceUserId, tradeId, choose, false, {})).trade;
}

type PartyContext = { tenant: TenantContext["tenant"]; mode: TenantContext["mode"]; now: Date };

function transitionPartyTrade(
  context: PartyContext,
  marketplaceUserId: string,
  tradeId: string,
  choose: (role: Role, trade: Trade) => PartyCall,
  withParts: boolean,
  { readsBalances = false }: PartyCallOptions,
) {
  const scope = { tenantId: context.tenant.id, mode: context.mode };
  const party = tradeLocks.ofParty(scope, marketplaceUserId, tradeId);
  const balancesRead = readsBalances ? (q: Sql) => tradeBalances(q, tradeId) : () => Promise.resolve(undefined);
  const lock = party.alongWith<Balances | undefined>(balancesRead);
  // Lock-and-read, then the transition's one statement (and its ledger transfers).
  return withLockedTrade(lock, async ({ locked: { trade, role }, read: balances }, tx) => {
    const call = choose(role, trade);
    if (call.distinctParties) await refuseOnePersonOnBothSides(tx.q, scope, trade.id);
    const { details, entryDetails } = call;
    return tx.transition({
      trade,
      settings: context.tenant,
      action: call.action,
      actor: role,
      now: context.now,
      details,
      entryDetails,
      withParts,
      balances,
    });
  });
}
