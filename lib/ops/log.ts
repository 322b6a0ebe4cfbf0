// The process's log: one JSON object per line (pino: fast, and the format log pipelines read
// without parsing rules), or readable lines for a person at a terminal (`npm run dev`).
// LOG_FORMAT=json|pretty chooses; by default pretty only on a terminal outside production.
//
// Errors are written only through log.error(message, error), which writes loggableError(error):
// the kind, the reason and the stack, never what Prisma or PostgreSQL quote of the data. Never
// pass tokens, secrets, request bodies or account numbers as fields.
import { trace } from "@opentelemetry/api";
import pino from "pino";
import pretty from "pino-pretty";
import { loggableError } from "./loggable-error.ts";
import { tracingEnabled } from "./tracing.ts";

type Fields = Record<string, string | number | boolean | null | undefined>;

function wantsPrettyLines(): boolean {
  const format = process.env.LOG_FORMAT;
  if (format === "json") return false;
  if (format === "pretty") return true;
  return process.env.NODE_ENV !== "production" && Boolean(process.stdout.isTTY);
}

interface Loggers {
  /** Every line but the request lines: redacted. */
  main: pino.Logger;
  /**
   * The request lines (log.request), into the same stream: their fields are a fixed set of
   * numbers, names and ids that no caller fills from a request, so the redaction, which walks
   * every line's paths, is not run on the line every call writes.
   */
  requests: pino.Logger;
}

function create(): Loggers {
  const common: pino.LoggerOptions = {
    level: process.env.LOG_LEVEL ?? "info",
    base: { service: "escrow", pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  const options: pino.LoggerOptions = {
    ...common,
    // A field that should never be there is removed, whatever code put it there.
    redact: {
      paths: [
        "authorization",
        "password",
        "secret",
        "token",
        "accountNumber",
        "*.authorization",
        "*.password",
        "*.secret",
        "*.token",
        "*.accountNumber",
      ],
      remove: true,
    },
  };
  const stream = wantsPrettyLines()
    ? pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "service,pid,hostname" })
    : destination();
  return { main: pino(options, stream), requests: pino(common, stream) };
}

/** Lines are held until this many bytes are waiting, or FLUSH_MS has passed. */
const MIN_WRITE_BYTES = 4096;
const FLUSH_MS = 200;

function destination(): pino.DestinationStream {
  // Written asynchronously and in batches: lines wait until 4 KB are held or 200 ms have passed,
  // so a busy server writes some twenty lines with one write instead of one write each. Each
  // write hands the bytes to a thread of libuv's pool and wakes it: under the benchmark's journey
  // the writes of one line each were 3.4 % of the server's CPU (docs/performance.md, "Issue 37,
  // fifth day"). pino flushes what is left when the process exits, also after an uncaught
  // exception and after the drain on SIGTERM; a SIGKILL or a power cut loses at most the last
  // 200 ms of lines.
  return pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES, periodicFlush: FLUSH_MS });
}

// One logger per process (Next bundles its own copy of this module).
const KEY = Symbol.for("escrow.loggers");
function loggers(): Loggers {
  const store = globalThis as Record<symbol, Loggers | undefined>;
  return (store[KEY] ??= create());
}
const logger = () => loggers().main;

export const log = {
  info(message: string, fields: Fields = {}): void {
    logger().info(fields, message);
  },
  warn(message: string, fields: Fields = {}): void {
    logger().warn(fields, message);
  },
  error(message: string, error: unknown, fields: Fields = {}): void {
    logger().error({ ...fields, err: loggableError(error) }, message);
  },
  /** One line per request: what an on-call engineer greps for with a correlation id. */
  request(fields: {
    method: string;
    route: string;
    status: number;
    durationMs: number;
    tenantId?: string | null;
    correlationId?: string | null;
  }): void {
    // With tracing on, the line names its trace, so that one leads to the other.
    const span = tracingEnabled() ? trace.getActiveSpan() : undefined;
    const traceId = span?.isRecording() ? span.spanContext().traceId : undefined;
    loggers().requests.info(
      { ...fields, traceId, kind: "request" },
      `${fields.method} ${fields.route} ${fields.status}`,
    );
  },
};
