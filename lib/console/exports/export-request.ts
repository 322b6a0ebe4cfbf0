// The console's export form as its download address carries it: kind (the path), mode, UTC days
// (both included, as the payouts list's filter) and format. Unlike a list filter, a value that does
// not parse is refused (400 naming the field), not replaced: a file must be what was asked for.
import { z } from "zod";
import { parseOrThrow } from "../../schemas/validation.ts";
import { EXPORT_FORMATS } from "../../exports/formats.ts";
import type { ExportScope } from "../../exports/row-source.ts";
import { EXPORT_KINDS, type ExportKind } from "../../exports/sources/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a day, YYYY-MM-DD")
  .refine(
    (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && day >= "1970-01-01" && day <= "9999-12-30",
    "Must be a day between 1970 and 9999",
  );

const ExportRequest = z
  .strictObject({
    kind: z.enum(EXPORT_KINDS),
    mode: z.enum(["test", "live"]).default("test"),
    from: Day,
    to: Day,
    format: z.enum(EXPORT_FORMATS).default("csv"),
  })
  .superRefine((request, ctx) => {
    if (request.to < request.from) ctx.addIssue({ code: "custom", path: ["to"], message: "Must not be before from" });
  });

export function parseExportRequest(
  tenantId: string,
  kind: string,
  params: URLSearchParams,
): { kind: ExportKind; format: (typeof EXPORT_FORMATS)[number]; scope: ExportScope } {
  const parsed = parseOrThrow(ExportRequest, { ...Object.fromEntries(params), kind });
  const { mode, from, to, format } = parsed;
  const scope = {
    tenantId,
    mode,
    from: new Date(`${from}T00:00:00Z`),
    to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
  };
  return { kind: parsed.kind, format, scope };
}
