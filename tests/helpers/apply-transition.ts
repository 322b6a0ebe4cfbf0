// The tests' way to move a trade they set up row by row (fixtures, the engine's property tests):
// the production path, withLockedTrade (lib/trades/with-locked-trade.ts), deciding on the trade
// as the test read it. A snapshot that is no longer current is refused as production refuses it
// (409 conflict or invalid-state), since the compare-and-set is on the snapshot's state and sequence.
import type { Prisma, Trade } from "../../lib/db/generated/client.ts";
import type { LabelShares } from "../../lib/money/ledger.ts";
import type { DeadlineSettings } from "../../lib/trades/deadlines.ts";
import { tradeBalances } from "../../lib/trades/store/ledger-rows.ts";
import { tradeLocks } from "../../lib/trades/store/lock.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";
import { withLockedTrade, type AppliedTransition } from "../../lib/trades/with-locked-trade.ts";

export type { AppliedTransition } from "../../lib/trades/with-locked-trade.ts";

export function applyTransition(
  trade: Trade,
  settings: DeadlineSettings,
  action: Action,
  actor: Actor,
  now: Date,
  details: Prisma.TradeUncheckedUpdateManyInput = {},
  /** Recorded with the timeline entry, e.g. which staff member acted in the console. */
  entryDetails?: Prisma.InputJsonValue,
  /** The label a label movement of the rule pays for. */
  label?: LabelShares,
  /**
   * Read the trade's balances right behind the lock, as lib/trades/act-on-trade.ts does for calls
   * that settle: a movement that needs them is then written by the transition's own statement.
   */
  { readsBalances = false }: { readsBalances?: boolean } = {},
): Promise<AppliedTransition> {
  const lock = tradeLocks.byId(trade.tenantId, trade.id);
  if (!readsBalances)
    return withLockedTrade(lock, (_locked, tx) =>
      tx.transition({ trade, settings, action, actor, now, details, entryDetails, label }),
    );
  return withLockedTrade(
    lock.alongWith((q) => tradeBalances(q, trade.id)),
    ({ read: balances }, tx) =>
      tx.transition({ trade, settings, action, actor, now, details, entryDetails, label, balances }),
  );
}
