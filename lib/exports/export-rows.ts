// GET …/exports/{kind}: the token's tenant and mode, the asked range and format, as a stream.
import type { z } from "zod";
import type { TenantContext } from "../auth/authenticate.ts";
import type { ExportQuery } from "./schemas.ts";
import { streamExport } from "./stream-export.ts";
import { EXPORT_SOURCES, type ExportKind } from "./sources/index.ts";

export function exportRows(context: TenantContext, kind: ExportKind, query: z.output<typeof ExportQuery>) {
  const scope = { tenantId: context.tenant.id, mode: context.mode, from: query.from, to: query.to };
  return streamExport(EXPORT_SOURCES[kind], query.format, scope);
}
