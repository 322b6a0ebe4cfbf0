// The console's export form as its download address carries it: kind (the path), mode, UTC days
// (both included, as the payouts list's filter) and format. Unlike a list filter, a value that does
// not parse is refused (400 naming the field), not replaced: a file must be what was asked for.
import { z } from "zod";
import { parseOrThrow } from "../../schemas/validation.ts";
import type { EXPORT_FORMATS } from "../../exports/formats.ts";
import type { ExportScope } from "../../exports/row-source.ts";
import { EXPORT_KINDS, type ExportKind } from "../../exports/sources/index.ts";
import { ExportRequestQuery } from "./export-query.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

// Declared with the other bodies the pages import too; still found here by its older importers.
export { ExportRequestQuery };

const Kind = z.strictObject({ kind: z.enum(EXPORT_KINDS) });

export function exportRequest(
  tenantId: string,
  kind: string,
  query: z.output<typeof ExportRequestQuery>,
): { kind: ExportKind; format: (typeof EXPORT_FORMATS)[number]; scope: ExportScope } {
  const { mode, from, to, format } = query;
  const scope = {
    tenantId,
    mode,
    from: new Date(`${from}T00:00:00Z`),
    to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
  };
  return { kind: parseOrThrow(Kind, { kind }).kind, format, scope };
}
