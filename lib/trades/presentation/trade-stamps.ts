// A trade's instants as the API writes them: ISO 8601 text, or the empty string when it has not
// happened. A record shows most instants more than once (the phases, and each party's timeline),
// and turning a Date into text costs more than the rest of a timeline step; each is written once
// per record.
import type { Trade } from "../../db/generated/client.ts";

/** The trade's columns that hold an instant (or null). */
export type TradeInstant = { [K in keyof Trade]-?: Trade[K] extends Date | null ? K : never }[keyof Trade];

export type TradeStamps = (column: TradeInstant) => string;

export function tradeStamps(trade: Trade): TradeStamps {
  const written: Partial<Record<TradeInstant, string>> = {};
  return (column) => (written[column] ??= trade[column]?.toISOString() ?? "");
}
