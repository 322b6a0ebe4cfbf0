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

type Fields = Record<string, string | number | boolean | null | undefined>;

function wantsPrettyLines(): boolean {
  const format = process.env.LOG_FORMAT;
  if (format === "json") return false;
  if (format === "pretty") return true;
  return process.env.NODE_ENV !== "production" && Boolean(process.stdout.isTTY);
}

function create(): pino.Logger {
  const options: pino.LoggerOptions = {
    level: process.env.LOG_LEVEL ?? "info",
    base: { service: "escrow", pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
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
  if (wantsPrettyLines())
    return pino(options, pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "service,pid,hostname" }));
  // Written asynchronously: a line waits only while the write before it is under way, so a busy
  // server writes many lines with one system call instead of blocking on one call per line (a
  // server answering a thousand calls a second spent more on its log lines' writes than on their
  // JSON). pino flushes what is left when the process exits, also after an uncaught exception; a
  // power cut can lose the lines of the last write under way.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

// One logger per process (Next bundles its own copy of this module).
const KEY = Symbol.for("escrow.logger");
function logger(): pino.Logger {
  const store = globalThis as Record<symbol, pino.Logger | undefined>;
  return (store[KEY] ??= create());
}

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
    const span = trace.getActiveSpan();
    const traceId = span?.isRecording() ? span.spanContext().traceId : undefined;
    logger().info({ ...fields, traceId, kind: "request" }, `${fields.method} ${fields.route} ${fields.status}`);
  },
};
