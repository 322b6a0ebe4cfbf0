// GET /console/api/developers/request-log/{entryId} – one API call of the tenant's log
import { AppError } from "@/lib/errors.ts";
import { consoleRoute } from "@/lib/console/console-route.ts";
import { loadRequestLogEntry } from "@/lib/console/developers/list-request-log.ts";
import { requestLogEntry } from "@/lib/console/operations/developers.ts";

export const GET = consoleRoute(requestLogEntry, async ({ tenant }, { params: { entryId } }) => {
  const entry = await loadRequestLogEntry(tenant.id, entryId);
  if (!entry) throw AppError.notFound(`Log entry ${JSON.stringify(entryId)}`);
  return entry;
});
