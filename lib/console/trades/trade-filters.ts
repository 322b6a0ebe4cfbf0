// The trades list's filters, as they stand in the console's address (so a filtered list can be
// bookmarked and shared) and as the list endpoint reads them. A value that does not parse falls
// back to its default rather than failing the page (a bookmark from an older console still
// opens); a day that is not a calendar day is refused, 400 naming it, since no page makes one.
import { z } from "zod";
import { CalendarDay } from "../../schemas/common.ts";
import { parseOrThrow } from "../../schemas/validation.ts";
import { PHASE_OF, TRADE_STATES, type TradeState } from "../../trades/states.ts";

const PHASES = ["contract", "delivery", "return", "finished"] as const;
const amount = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/);

export const TradeFilters = z.object({
  q: z.string().trim().min(1).max(100).optional().catch(undefined),
  mode: z.enum(["test", "live"]).catch("test"),
  state: z
    .string()
    .transform((value) => value.split(",").filter((s): s is TradeState => (TRADE_STATES as string[]).includes(s)))
    .optional()
    .catch(undefined),
  phase: z.enum(PHASES).optional().catch(undefined),
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
  min: amount.optional().catch(undefined),
  max: amount.optional().catch(undefined),
  sort: z.enum(["created", "amount"]).catch("created"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
  // Keyset paging (list-trades.ts): the page after or before a row, never an offset, so page 4,000
  // costs what page 1 does.
  after: z.string().max(200).optional().catch(undefined),
  before: z.string().max(200).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(10).max(100).catch(25),
});

export type TradeFilterValues = z.output<typeof TradeFilters>;

export function parseTradeFilters(params: URLSearchParams): TradeFilterValues {
  return parseOrThrow(TradeFilters, Object.fromEntries(params));
}

/** The states a filter allows: the chosen states, narrowed to the chosen phase. */
export function statesOf(filters: Pick<TradeFilterValues, "state" | "phase">): TradeState[] | undefined {
  const inPhase = filters.phase ? TRADE_STATES.filter((s) => PHASE_OF[s] === filters.phase) : undefined;
  if (!filters.state?.length) return inPhase;
  return inPhase ? filters.state.filter((s) => inPhase.includes(s)) : filters.state;
}

export { PHASES };
