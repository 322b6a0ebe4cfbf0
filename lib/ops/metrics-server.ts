// The operators' listener (METRICS_PORT, default 9464, on METRICS_HOST, default 127.0.0.1): the
// Prometheus page at /metrics, and /healthz and /readyz for processes that serve nothing else
// (`npm run worker`). Separate from the public port so that metrics never face the internet.
import http from "node:http";
import { log } from "./log.ts";
import { metrics } from "./metrics.ts";
import { healthResponse } from "./readiness.ts";

export interface MetricsListener {
  /** The port it listens on (useful with METRICS_PORT=0, which picks a free one). */
  port: number;
  close(): Promise<void>;
}

export function metricsAddress(): { port: number; host: string } {
  const text = process.env.METRICS_PORT ?? "9464";
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number (0 picks a free one), not "${text}"`);
  return { port, host: process.env.METRICS_HOST ?? "127.0.0.1" };
}

export async function startMetricsListener(name: string): Promise<MetricsListener> {
  const { port, host } = metricsAddress();
  const registry = metrics().registry;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
    } else if (path === "/metrics") {
      registry.metrics().then(
        (page) =>
          response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(page),
        () => response.writeHead(500).end(),
      );
    } else if (path === "/healthz" || path === "/readyz") {
      void healthResponse(path).then(({ status, body }) =>
        response
          .writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
          .end(JSON.stringify(body)),
      );
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as { port: number }).port;
  log.info(`${name}: metrics on http://${host}:${actual}/metrics`);
  return {
    port: actual,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
