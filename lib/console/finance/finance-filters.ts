// The Finance page's choices, as they stand in the console's address and as its endpoint reads
// them. A mode that does not parse falls back to test; a day that is not a calendar day is
// refused, 400 naming it (the figures of another day than the one asked for would mislead).
import { z } from "zod";
import { CalendarDay } from "../../schemas/common.ts";
import { parseOrThrow } from "../../schemas/validation.ts";

export const FinanceFilters = z.object({
  mode: z.enum(["test", "live"]).catch("test"),
  /** A UTC day; none means the mode's today (the sandbox clock's, in test mode). */
  day: CalendarDay.optional(),
});

export type FinanceFilterValues = z.output<typeof FinanceFilters>;

export function parseFinanceFilters(params: URLSearchParams): FinanceFilterValues {
  return parseOrThrow(FinanceFilters, Object.fromEntries(params));
}
