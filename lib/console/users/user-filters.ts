// The connected-users list's filters, as they stand in the console's address and as the list
// endpoint reads them. Shared by server and browser: a value that does not parse falls back to its
// default rather than failing the page.
import { z } from "zod";
import { parseOrThrow } from "../../schemas/validation.ts";

export const UserFilters = z.object({
  q: z.string().trim().min(1).max(100).optional().catch(undefined),
  mode: z.enum(["test", "live"]).catch("test"),
  kyc: z.enum(["1", "2"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(10).max(100).catch(25),
});

export type UserFilterValues = z.output<typeof UserFilters>;

export function parseUserFilters(params: URLSearchParams): UserFilterValues {
  return parseOrThrow(UserFilters, Object.fromEntries(params));
}
