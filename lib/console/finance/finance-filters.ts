// The Finance page's choices, as they stand in the console's address and as its endpoint reads
// them. Shared by server and browser: a value that does not parse falls back to its default.
import { z } from "zod";

export const FinanceFilters = z.object({
  mode: z.enum(["test", "live"]).catch("test"),
  /** A UTC day; none means the mode's today (the sandbox clock's, in test mode). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    // A real calendar day (JavaScript reads 2026-02-31 as 3 March), within what PostgreSQL and JavaScript read alike.
    .refine(
      (day) => day >= "1970-01-01" && day <= "9999-12-30" && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    )
    .optional()
    .catch(undefined),
});

export type FinanceFilterValues = z.output<typeof FinanceFilters>;

export function parseFinanceFilters(params: URLSearchParams): FinanceFilterValues {
  return FinanceFilters.parse(Object.fromEntries(params));
}
