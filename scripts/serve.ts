// The production server (`npm start` runs it through scripts/run.ts): Next serves the hosted
// pages, the console and everything else; the v1 API's route handlers are called directly from
// node:http, without Next's router in front of them. Next's request pipeline costs more than the
// whole of a typical API call (docs/performance.md measures both); the route handlers are the same
// files either way, and `npm run dev` serves them through Next as usual.
//   tsx scripts/serve.ts [--port 3000] [--hostname 0.0.0.0]
//   API_VIA_NEXT=1 serves the API through Next too (for comparison).
import http from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { loadApiRouter } from "../lib/http/api-router.ts";
import { serveApi } from "../lib/http/serve-api.ts";

const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOSTNAME;
(process.env as Record<string, string>).NODE_ENV = "production";

const app = next({ dev: false, dir: process.cwd(), port, hostname });
const nextHandler = app.getRequestHandler();
await app.prepare();
const router = process.env.API_VIA_NEXT === "1" ? null : await loadApiRouter("app/api/v1", "/api/v1");

const server = http.createServer((request, response) => {
  const url = request.url ?? "/";
  const query = url.indexOf("?");
  const route = router?.match(request.method ?? "GET", query === -1 ? url : url.slice(0, query));
  if (route) void serveApi(request, response, route.handler, route.params, `http://${request.headers.host ?? `localhost:${port}`}`);
  else void nextHandler(request, response);
});
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
server.listen(port, hostname, () => {
  console.log(`Serving on http://${hostname ?? "localhost"}:${port} (${router ? `${router.routeCount} API routes direct, the rest through Next` : "everything through Next"})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
  });
}
