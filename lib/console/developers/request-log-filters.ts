// The request log's filters, as they stand in the console's address and as its endpoint reads
// them. Shared by server and browser: a value that does not parse falls back to its default.
// Paging is by cursor on (createdAt, id): `older` shows the entries before one, `newer` those
// after one, so a page stays put while new calls arrive and deep pages cost no more than the first.
import { z } from "zod";
import { parseOrThrow } from "../../schemas/validation.ts";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const CURSOR = /^\d{1,15}\.\d{1,18}$/;

export const RequestLogFilters = z.object({
  mode: z.enum(["test", "live"]).catch("test"),
  status: z.enum(STATUS_CLASSES).optional().catch(undefined),
  method: z.enum(METHODS).optional().catch(undefined),
  path: z.string().trim().min(1).max(200).optional().catch(undefined),
  correlationId: z.string().trim().min(1).max(64).optional().catch(undefined),
  older: z.string().regex(CURSOR).optional().catch(undefined),
  newer: z.string().regex(CURSOR).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(10).max(100).catch(50),
});

export type RequestLogFilterValues = z.output<typeof RequestLogFilters>;

export function parseRequestLogFilters(params: URLSearchParams): RequestLogFilterValues {
  return parseOrThrow(RequestLogFilters, Object.fromEntries(params));
}

/** A position in the log: the entry's time in milliseconds and its id. */
export function encodeCursor(createdAt: Date, id: bigint): string {
  return `${createdAt.getTime()}.${id}`;
}

export function decodeCursor(cursor: string): { createdAt: Date; id: bigint } {
  const [ms, id] = cursor.split(".");
  return { createdAt: new Date(Number(ms)), id: BigInt(id!) };
}
