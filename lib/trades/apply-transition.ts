// transitionTrade (lib/trades/transition-trade.ts) for a use case that holds a Prisma interactive
// transaction because its other writes are Prisma's: payouts (lib/payouts/pay-out-trade.ts). The
// same statements run on that transaction's connection.
import type { Prisma, Trade } from "../db/generated/client.ts";
import { prismaSql } from "../db/prisma-sql.ts";
import type { LabelShares } from "../money/ledger.ts";
import type { DeadlineSettings } from "./deadlines.ts";
import type { Action, Actor } from "./transition-table.ts";
import { transitionTrade, type AppliedTransition } from "./transition-trade.ts";

export type { AppliedTransition } from "./transition-trade.ts";

export function applyTransition(
  tx: Prisma.TransactionClient,
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
): Promise<AppliedTransition> {
  return transitionTrade(prismaSql(tx), { trade, settings, action, actor, now, details, entryDetails, label });
}
