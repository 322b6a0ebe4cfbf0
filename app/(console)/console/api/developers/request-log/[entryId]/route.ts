// GET /console/api/developers/request-log/{entryId} – one API call of the tenant's log
import { AppError } from "@/lib/errors.ts";
import { consoleJson } from "@/lib/console/console-route.ts";
import { loadRequestLogEntry } from "@/lib/console/developers/list-request-log.ts";

export const GET = consoleJson(async ({ tenant }, _request, { entryId }) => {
  const entry = await loadRequestLogEntry(tenant.id, entryId!);
  if (!entry) throw AppError.notFound(`Log entry ${JSON.stringify(entryId)}`);
  return entry;
});
