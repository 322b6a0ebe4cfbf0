// The export request: a time range and a format. No cap on the range: memory does not grow with it
// (stream-export.ts), and a busy day can hold more rows than a quiet year, so a cap on days would
// not bound the work anyway.
import { z } from "zod";
import { Instant } from "../schemas/common.ts";
import { EXPORT_FORMATS } from "./formats.ts";

export const ExportQuery = z
  .strictObject({
    from: Instant.meta({
      description: "Rows created at or after this time (ISO 8601 with an offset).",
      example: "2026-11-01T00:00:00Z",
    }),
    to: Instant.meta({
      description: "Rows created before this time; not before `from`.",
      example: "2026-12-01T00:00:00Z",
    }),
    format: z
      .enum(EXPORT_FORMATS)
      .default("csv")
      .meta({ description: "`csv` (RFC 4180, a header record) or `jsonl` (JSON lines)." }),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: "custom", path: ["to"], message: "Must not be before from" });
  });
