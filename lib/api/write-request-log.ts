// The API request log that the console shows (Developers → Request log). Lines are written in
// batches: a call only adds its line to a buffer, and the buffer goes to the database in one
// multi-row insert at most FLUSH_AFTER_MS after its first line, or at once when it holds 200.
// Losing the last moment's lines in a crash is acceptable for this log (a drain on SIGTERM writes
// them: scripts/serve.ts); a round trip and a commit per call or two on the API's hot path is not.
// The wait is a timer, not the next turn of the event loop: a turn holds only the few calls that
// finished in it, so batches per turn would still commit every few calls (docs/performance.md,
// "Why the code is shaped this way").
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
// Short enough that the console shows a call as soon as anyone could look for it.
const FLUSH_AFTER_MS = 100;

// On globalThis: Next bundles its own copy of this module, and the drain in scripts/serve.ts must
// write the lines that the bundle's routes buffered.
const KEY = Symbol.for("escrow.requestLog");
const pending = ((globalThis as { [KEY]?: { lines: RequestLogLine[]; timer: NodeJS.Timeout | null } })[KEY] ??= {
  lines: [],
  timer: null,
});

export function logApiRequest(line: RequestLogLine): void {
  pending.lines.push(line);
  if (pending.lines.length >= MAX_BATCH) void flushRequestLog();
  else if (!pending.timer) {
    pending.timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
    // A process with nothing else to do may end without waiting for it (a drain flushes first).
    pending.timer.unref();
  }
}

/** Writes what is buffered; resolves when it is written (or its failure logged). */
export async function flushRequestLog(): Promise<void> {
  if (pending.timer) clearTimeout(pending.timer);
  pending.timer = null;
  if (!pending.lines.length) return;
  const lines = pending.lines;
  pending.lines = [];
  // On the driver, as one statement over arrays: Prisma's createMany compiles a new query for every
  // batch size, which costs more CPU than the API call it logs (docs/performance.md).
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
