// GET /console/api/exports/{kind} – the same export files as the v1 API, for signed-in staff (viewers too)
import { consoleRoute } from "@/lib/console/console-route.ts";
import { exportRequest } from "@/lib/console/exports/export-request.ts";
import { exportFile } from "@/lib/console/operations/exports.ts";
import { EXPORT_SOURCES } from "@/lib/exports/sources/index.ts";
import { streamExport } from "@/lib/exports/stream-export.ts";

export const GET = consoleRoute(exportFile, ({ tenant }, { params, query }) => {
  const { kind, format, scope } = exportRequest(tenant.id, params.kind, query);
  return streamExport(EXPORT_SOURCES[kind], format, scope);
});
