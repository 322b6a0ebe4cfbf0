// The tests' way to move a trade they hold in a Prisma interactive transaction (fixtures that set
// a trade up row by row, the engine's property tests): transitionTrade
// (lib/trades/transition-trade.ts), the one pipeline every use case of the service calls on the
// driver, run on that transaction's connection. Prisma's raw queries give the columns the same
// types as the driver's parsers (int8 → BigInt, numeric → Decimal, timestamp → Date, json parsed).
import type { Prisma, Trade } from "../../lib/db/generated/client.ts";
import type { Sql } from "../../lib/db/sql.ts";
import type { LabelShares } from "../../lib/money/ledger.ts";
import type { DeadlineSettings } from "../../lib/trades/deadlines.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";
import { transitionTrade, type AppliedTransition } from "../../lib/trades/transition-trade.ts";

export type { AppliedTransition } from "../../lib/trades/transition-trade.ts";

/**
 * A Prisma transaction seen as the driver's Sql: the text has $n placeholders, the values are bound.
 * Unlike inTransaction's (lib/db/sql.ts), a statement runs only once it is awaited (Prisma's
 * promises are lazy), so transitionTrade awaits every statement it sends.
 */
export function prismaSql(tx: Prisma.TransactionClient): Sql {
  return (query) => tx.$queryRawUnsafe(query.text, ...query.values);
}

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
