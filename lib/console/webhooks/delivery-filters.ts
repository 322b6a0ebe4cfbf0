// The delivery log's filters, as they stand in the console's address and as the log endpoint
// reads them (shared by server and browser). A value that does not parse falls back to its
// default rather than failing the page.
import { z } from "zod";
import { parseOrThrow } from "../../schemas/validation.ts";
import { EVENT_NAMES, TEST_EVENT_NAME } from "../../webhooks/event-names.ts";

/** What staff filter by: the stored statuses, plus "retrying" (pending after a failed attempt). */
export const DELIVERY_STATUSES = ["succeeded", "failed", "pending", "retrying", "cancelled"] as const;
export type DeliveryStatusFilter = (typeof DELIVERY_STATUSES)[number];
export const LOG_EVENT_NAMES = [...EVENT_NAMES, TEST_EVENT_NAME] as const;

const id = z.string().trim().min(1).max(64);

export const DeliveryFilters = z.object({
  mode: z.enum(["test", "live"]).catch("test"),
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  event: z.enum(LOG_EVENT_NAMES).optional().catch(undefined),
  trade: id.optional().catch(undefined),
  subscription: id.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(10).max(100).catch(25),
});

export type DeliveryFilterValues = z.output<typeof DeliveryFilters>;

export function parseDeliveryFilters(params: URLSearchParams): DeliveryFilterValues {
  return parseOrThrow(DeliveryFilters, Object.fromEntries(params));
}
