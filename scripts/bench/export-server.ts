// The benchmark's export server: the three export routes behind node:http and lib/http/serve-api.ts,
// the plumbing `npm start` uses for the v1 API, in a process of its own so that its memory is
// measured alone. Prints "ready <port>" once it listens.
import { createServer } from "node:http";
import { GET as ledgerMovements } from "../../app/api/v1/marketplace/exports/ledger-movements/route.ts";
import { GET as payouts } from "../../app/api/v1/marketplace/exports/payouts/route.ts";
import { GET as trades } from "../../app/api/v1/marketplace/exports/trades/route.ts";
import { serveApi } from "../../lib/http/serve-api.ts";

const routes: Record<string, typeof trades> = {
  "/api/v1/marketplace/exports/trades": trades,
  "/api/v1/marketplace/exports/payouts": payouts,
  "/api/v1/marketplace/exports/ledger-movements": ledgerMovements,
};

const server = createServer((request, response) => {
  const handler = routes[(request.url ?? "").split("?")[0]!];
  if (!handler) return void response.writeHead(404).end();
  void serveApi(request, response, handler, {}, "http://127.0.0.1", "127.0.0.1");
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`ready ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
