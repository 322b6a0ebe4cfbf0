// GET /console/api/exports/{kind} – the same export files as the v1 API, for signed-in staff (viewers too)
import { consoleJson } from "@/lib/console/console-route.ts";
import { parseExportRequest } from "@/lib/console/exports/export-request.ts";
import { EXPORT_SOURCES } from "@/lib/exports/sources/index.ts";
import { streamExport } from "@/lib/exports/stream-export.ts";

export const GET = consoleJson(({ tenant }, request, params) => {
  const { kind, format, scope } = parseExportRequest(tenant.id, params.kind ?? "", new URL(request.url).searchParams);
  return streamExport(EXPORT_SOURCES[kind], format, scope);
});
