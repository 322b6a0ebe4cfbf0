// The payouts list's filters, as they stand in the console's address and as the list endpoint
// reads them. A value that does not parse falls back to its default (a link from an older console
// still opens the list); a day that is not a calendar day is refused, 400 naming it (no page of
// the console makes one, and a range silently dropped would show the wrong payouts).
import { z } from "zod";
import { CalendarDay } from "../../schemas/common.ts";
import { parseOrThrow } from "../../schemas/validation.ts";

export const PayoutFilters = z.object({
  mode: z.enum(["test", "live"]).catch("test"),
  state: z.enum(["Pending", "Paid", "Failed"]).optional().catch(undefined),
  trade: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** Days in UTC, both included. */
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(10).max(100).catch(25),
});

export type PayoutFilterValues = z.output<typeof PayoutFilters>;

export function parsePayoutFilters(params: URLSearchParams): PayoutFilterValues {
  return parseOrThrow(PayoutFilters, Object.fromEntries(params));
}
