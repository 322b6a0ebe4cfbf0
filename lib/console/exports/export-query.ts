// The query string of GET /console/api/exports/{kind}: mode, UTC days (both included) and format.
// Kept apart from export-request.ts (which knows the export sources and so the database) because
// the export form imports it (through lib/console/operations) too.
import { z } from "zod";
import { CalendarDay } from "../../schemas/common.ts";
import { EXPORT_FORMATS } from "../../exports/formats.ts";

export const ExportRequestQuery = z
  .strictObject({
    mode: z.enum(["test", "live"]).default("test"),
    from: CalendarDay,
    to: CalendarDay,
    format: z.enum(EXPORT_FORMATS).default("csv"),
  })
  .superRefine((request, ctx) => {
    if (request.to < request.from) ctx.addIssue({ code: "custom", path: ["to"], message: "Must not be before from" });
  });
