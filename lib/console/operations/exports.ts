// The console's export download: a file (CSV or JSON lines), never JSON, so no answer type; the
// export form links to it rather than fetching it.
import { ExportRequestQuery } from "../exports/export-query.ts";
import { consoleOperation } from "./operation.ts";

export const exportFile = consoleOperation<never>()({
  method: "GET",
  path: "/console/api/exports/{kind}",
  query: ExportRequestQuery,
});
