// The v1 API over real HTTP on a loopback port, served as the production server serves it
// (scripts/serve.ts): for tests of clients that must talk HTTP, as the SDK's do.
import "./next-runtime.ts";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadApiRouter } from "../../lib/http/api-router.ts";
import { serveApi } from "../../lib/http/serve-api.ts";

export async function startHttpApi() {
  const router = await loadApiRouter("app/api/v1", "/api/v1");
  let origin = "";
  // Requests whose handler is still working, answered or not (scripts/serve.ts tracks them alike).
  let running = 0;
  const server = http.createServer((request, response) => {
    const found = router.match(request.method ?? "GET", new URL(request.url ?? "/", "http://x").pathname);
    if (!found) return void response.writeHead(404).end();
    running++;
    void serveApi(request, response, found.handler, found.params, origin, "127.0.0.1").finally(() => running--);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    running: () => running,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
