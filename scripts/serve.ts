// The production server (`npm start` runs it through scripts/run.ts): Next serves the hosted
// pages, the console and everything else; the v1 API's route handlers are called directly from
// node:http, without Next's router in front of them. Next's request pipeline costs more than the
// whole of a typical API call (docs/performance.md measures both); the route handlers are the same
// files either way, and `npm run dev` serves them through Next as usual.
//   tsx scripts/serve.ts [--port 3000] [--hostname 0.0.0.0]
//   API_VIA_NEXT=1 serves the API through Next too (for comparison).
//
// It also answers /healthz and /readyz, refuses methods nothing serves (405) and addresses whose
// percent-escapes do not decode (400, lib/http/malformed-address.ts), counts every request into
// the metrics served on the operators' listener (lib/ops/metrics-server.ts), and drains on
// SIGTERM (docs/operations.md): readiness 503 at once, requests served for SHUTDOWN_GRACE_MS so
// the load balancer can move away, then no new connections, requests in flight finished, the
// webhook worker and the scheduler stopped after what they claimed, pools closed, exit 0. A
// second signal exits at once.
import "./require-node.ts";
import http from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { flushRequestLog } from "../lib/api/write-request-log.ts";
import { db } from "../lib/db/client.ts";
import { loadApiRouter } from "../lib/http/api-router.ts";
import { CLIENT_ADDRESS_HEADER } from "../lib/http/client-address.ts";
import { answerMalformedAddress, hasMalformedEscape } from "../lib/http/malformed-address.ts";
import { answerMethodNotAllowed, SERVED_METHODS } from "../lib/http/method-not-allowed.ts";
import { answeredCorrelationId, serveApi } from "../lib/http/serve-api.ts";
import { rawHeader } from "../lib/http/raw-headers.ts";
import { parseTrustedProxies, resolveClientAddress } from "../lib/http/trusted-proxies.ts";
import { addDeadlineMetrics } from "../lib/jobs/deadline-metrics.ts";
import { addRailMetrics } from "../lib/payments/rail-health.ts";
import { beginShutdown, isShuttingDown, stopBackgroundJobs } from "../lib/ops/lifecycle.ts";
import { startMetricsListener } from "../lib/ops/metrics-server.ts";
import { log } from "../lib/ops/log.ts";
import { metrics } from "../lib/ops/metrics.ts";
import { closeReadinessPool, healthResponse } from "../lib/ops/readiness.ts";
import { closeProcessReplicaSet, processReplicaSet } from "../lib/db/replicas.ts";
import { apiRouteTemplate, pageRouteTemplate } from "../lib/ops/route-template.ts";
import { inRequestSpan, startTracing } from "../lib/ops/tracing.ts";

const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
// Which X-Forwarded-For entries to believe; a malformed setting stops the start.
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
/** After the grace period, how long requests in flight may take before their connections are cut. */
const DRAIN_LIMIT_MS = 30_000;
/** Signals closer together than this are one (see the handlers at the end). */
const SAME_SIGNAL_MS = 1_000;
(process.env as Record<string, string>).NODE_ENV = "production";

// Before anything queries: Prisma's spans are only made once the tracer is registered.
const tracing = await startTracing("escrow-server");
// Made before Next starts the background jobs, which count into it too.
const { httpDuration, httpActive, rateLimitRefusals } = metrics();
const app = next({ dev: false, dir: process.cwd(), port, hostname });
const nextHandler = app.getRequestHandler();
await app.prepare();
const router = process.env.API_VIA_NEXT === "1" ? null : await loadApiRouter("app/api/v1", "/api/v1");

// Handlers still running, whether or not their client is still connected: the shutdown waits for
// them before it closes the pools (a client that hung up does not stop its request's work).
const running = new Set<Promise<unknown>>();
const track = (work: Promise<unknown>) => {
  running.add(work);
  void work.finally(() => running.delete(work));
};

const server = http.createServer((request, response) => {
  const started = performance.now();
  const method = request.method ?? "GET";
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  // While draining, every answer asks the client to reconnect, which the load balancer sends to
  // another instance: no keep-alive connection is left to be cut at the end.
  if (isShuttingDown()) response.shouldKeepAlive = false;
  const route = router?.match(method, pathname);
  // An API call's headers are read from the raw lines, never building request.headers
  // (lib/http/raw-headers.ts); serveApi puts the client's address into the Request it makes.
  const raw = request.rawHeaders;
  const forwardedFor = route ? rawHeader(raw, "x-forwarded-for", "join") : request.headers["x-forwarded-for"];
  // Resolved here, once; whatever a client sent in our header is replaced (Next, the proxy and
  // next-auth read it from request.headers).
  const client = resolveClientAddress(request.socket.remoteAddress, forwardedFor, trustedProxies);
  if (!route) request.headers[CLIENT_ADDRESS_HEADER] = client;

  const template = route ? apiRouteTemplate(pathname, route.params) : pageRouteTemplate(pathname);
  httpActive.inc({ http_request_method: method });
  inRequestSpan({ method, route: template, path: pathname, headers: () => request.headers }, (endSpan) => {
    response.once("close", () => {
      httpActive.dec({ http_request_method: method });
      const labels = {
        http_request_method: method,
        http_route: template,
        http_response_status_code: String(response.statusCode),
      };
      httpDuration.observe(labels, (performance.now() - started) / 1000);
      if (response.statusCode === 429) rateLimitRefusals.inc({ http_route: template });
      // The API's route wrapper writes its own line, with the tenant and the correlation id.
      if (!route)
        log.request({
          method,
          route: template,
          status: response.statusCode,
          durationMs: Math.round(performance.now() - started),
        });
      const correlationId = answeredCorrelationId(response) ?? response.getHeader("x-correlation-id");
      endSpan(response.statusCode, typeof correlationId === "string" ? correlationId : undefined);
    });

    // Methods nothing here serves, and API paths asked with a method their route does not export.
    const apiMethods = !route && router && pathname.startsWith("/api/v1/") ? router.methodsOf(pathname) : [];
    const servedByRoute =
      apiMethods.includes(method) || method === "OPTIONS" || (method === "HEAD" && apiMethods.includes("GET"));
    if (!SERVED_METHODS.has(method) || (apiMethods.length && !servedByRoute)) {
      answerMethodNotAllowed(response, method, pathname, apiMethods);
    } else if (hasMalformedEscape(pathname)) {
      // Next's router would throw on it and answer 500.
      answerMalformedAddress(response, pathname);
    } else if (pathname === "/healthz" || pathname === "/readyz") {
      void healthResponse(pathname).then(({ status, body }) => {
        response
          .writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
          .end(JSON.stringify(body));
      });
    } else if (route)
      track(
        serveApi(
          request,
          response,
          route.handler,
          route.params,
          `http://${rawHeader(raw, "host", "first") ?? `localhost:${port}`}`,
          client,
        ),
      );
    else track(nextHandler(request, response));
  });
});
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
addDeadlineMetrics();
addRailMetrics();
// The read replicas (DATABASE_REPLICA_URLS), opened now: a setting that does not parse stops the
// server here, and their probes have measured them by the first read.
const replicas = processReplicaSet();
if (replicas) log.info(`Reading stale-tolerant reads from ${replicas.replicas.map((r) => r.name).join(", ")}`);
const metricsListener = await startMetricsListener("server");
server.listen(port, hostname, () => {
  const how = router ? `${router.routeCount} API routes direct, the rest through Next` : "everything through Next";
  log.info(`Serving on http://${hostname ?? "localhost"}:${port} (${how})`);
});

async function drain(signal: string): Promise<void> {
  beginShutdown();
  log.info(`${signal}: not ready from now on; serving for ${graceMs} ms more, then draining`);
  // The background jobs stop claiming work at once; they finish what they hold meanwhile.
  const jobsStopped = stopBackgroundJobs((message) => log.info(`Shutdown: ${message}`));
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
  await closed;
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  while (running.size && Date.now() < deadline) {
    await Promise.race([
      Promise.allSettled([...running]),
      new Promise((resolve) => setTimeout(resolve, deadline - Date.now()).unref()),
    ]);
  }
  clearTimeout(cut);
  log.info("Shutdown: requests in flight finished");
  await flushRequestLog(); // their lines, buffered for at most a moment (lib/api/write-request-log.ts)
  await jobsStopped;
  await Promise.allSettled([
    app.close(),
    metricsListener.close(),
    closeReadinessPool(),
    closeProcessReplicaSet(),
    db.$disconnect(),
  ]);
  await tracing?.shutdown().catch(() => {}); // sends the last spans
  log.info("Shutdown: done");
}

// The launcher (scripts/run.ts) forwards its signals, and a terminal's Ctrl-C or a kill of the
// process group reaches this process directly too: the same signal twice within a moment is one
// request to stop. A second one later means "now".
let firstSignalAt = 0;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (firstSignalAt && Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
    if (firstSignalAt) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    firstSignalAt = Date.now();
    drain(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error("Shutdown failed", error);
        process.exit(1);
      },
    );
  });
}
