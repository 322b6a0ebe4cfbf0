// The API request log that the console shows (Developers → Request log). Lines are written in
// batches: a call only adds its line to a buffer, and the buffer goes to the database in one
// multi-row insert once the calls of the moment have been answered (the next turn of the event
// loop, or at most 200 lines). Losing the last few lines in a crash is acceptable for this log;
// a round trip per call on the API's hot path is not (docs/performance.md).
// Never the token, the query string or a body: only what identifies the call and how it ended.
import type { ApiMode } from "../db/generated/enums.ts";
import { run, statement } from "../db/sql.ts";
import { log } from "../ops/log.ts";

export interface RequestLogLine {
  tenantId: string;
  mode: ApiMode;
  tokenId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  correlationId: string;
  typeCode: string | null;
  createdAt: Date;
}

const MAX_BATCH = 200;
let buffer: RequestLogLine[] = [];
let scheduled = false;

export function logApiRequest(line: RequestLogLine): void {
  buffer.push(line);
  if (buffer.length >= MAX_BATCH) void flushRequestLog();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(() => void flushRequestLog());
  }
}

/** Writes what is buffered; resolves when it is written (or its failure logged). */
export async function flushRequestLog(): Promise<void> {
  scheduled = false;
  if (!buffer.length) return;
  const lines = buffer;
  buffer = [];
  // On the driver, as one statement over arrays: Prisma's createMany compiled a new query for every
  // batch size, which cost more CPU than the API call it logs (a profile under load: 7% of the
  // service's samples under Get trade details).
  const column = <K extends keyof RequestLogLine>(key: K) => lines.map((line) => line[key]);
  await run(statement`
    INSERT INTO "ApiRequestLog" ("tenantId", "mode", "tokenId", "method", "path", "status", "durationMs",
      "correlationId", "typeCode", "createdAt")
    SELECT * FROM unnest(${column("tenantId")}::text[], ${column("mode")}::"ApiMode"[], ${column("tokenId")}::text[],
      ${column("method")}::text[], ${column("path")}::text[], ${column("status")}::int[], ${column("durationMs")}::int[],
      ${column("correlationId")}::text[], ${column("typeCode")}::text[],
      ${lines.map((line) => line.createdAt.toISOString())}::timestamp[])`).catch((error: unknown) =>
    log.error(`Could not write ${lines.length} request log lines`, error),
  );
}
