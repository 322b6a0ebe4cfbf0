// The payouts list's filters, as they stand in the console's address and as the list endpoint
// reads them. Shared by server and browser: a value that does not parse falls back to its default.
import { z } from "zod";

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

export const PayoutFilters = z.object({
  mode: z.enum(["test", "live"]).catch("test"),
  state: z.enum(["Pending", "Paid", "Failed"]).optional().catch(undefined),
  trade: z.string().trim().min(1).max(64).optional().catch(undefined),
  /** Days in UTC, both included. */
  from: Day,
  to: Day,
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(10).max(100).catch(25),
});

export type PayoutFilterValues = z.output<typeof PayoutFilters>;

export function parsePayoutFilters(params: URLSearchParams): PayoutFilterValues {
  return PayoutFilters.parse(Object.fromEntries(params));
}
