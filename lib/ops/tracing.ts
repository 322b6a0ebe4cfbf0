// OpenTelemetry tracing, on when the standard OTEL_EXPORTER_OTLP_ENDPOINT names a collector (the
// other OTEL_* variables apply as usual, e.g. OTEL_SERVICE_NAME). Spans go out as OTLP over HTTP.
// The server makes one span per request itself (scripts/serve.ts: route template, status, the
// X-Correlation-Id), and Prisma's own instrumentation adds the client's operations and database
// queries beneath it — no patching of Node's modules, which an ES-module server would need a
// loader for.
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";

export interface Tracing {
  shutdown(): Promise<void>;
}

let enabled: boolean | undefined;

/** Read once per process, as the SDK is started once: every request and log line asks. */
export function tracingEnabled(): boolean {
  return (enabled ??= Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT));
}

/** Starts the SDK when an endpoint is configured; null otherwise (then every span is a no-op). */
export async function startTracing(serviceName: string): Promise<Tracing | null> {
  if (!tracingEnabled()) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }, { PrismaInstrumentation }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@prisma/instrumentation"),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [new PrismaInstrumentation()],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

const tracer = () => trace.getTracer("escrow-server");

/**
 * Runs `serve` inside a server span for one request, continuing the caller's trace when it sent a
 * `traceparent`. `finish` is called by the server once the answer has gone out.
 */
export function inRequestSpan(
  // The headers are asked for only when tracing is on (an API call's are otherwise never built: lib/http/raw-headers.ts).
  request: {
    method: string;
    route: string;
    path: string;
    headers: () => Record<string, string | string[] | undefined>;
  },
  serve: (finish: (status: number, correlationId: string | undefined) => void) => void,
): void {
  // Without a collector every span is a no-op, yet making one still reads the caller's headers and
  // builds contexts on every request: not done at all then.
  if (!tracingEnabled()) return serve(() => {});
  const parent = propagation.extract(context.active(), request.headers());
  tracer().startActiveSpan(
    `${request.method} ${request.route}`,
    {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": request.method, "http.route": request.route, "url.path": request.path },
    },
    parent,
    (span: Span) => {
      serve((status, correlationId) => {
        span.setAttribute("http.response.status_code", status);
        if (correlationId) span.setAttribute("escrow.correlation_id", correlationId);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    },
  );
}
