// Runs the Shipmondo stand-in as its own process, e.g. as a Playwright webServer:
//
//   npx tsx tests/stand-ins/shipmondo/main.ts
//
// Environment:
//   PORT                 port to listen on (default: a free one)
//   HOST                 default 127.0.0.1
//   SHIPMONDO_API_USER   the only API user accepted (default stand-in-user)
//   SHIPMONDO_API_KEY    the only API key accepted (default stand-in-key)
// Prints one line, `shipmondo stand-in listening on <url>`, once it accepts requests; the API is
// under <url>/api/public/v3 and the test controls under <url>/_stand_in/. Stops on SIGINT/SIGTERM.
import { startShipmondoStandIn } from "./server.ts";

const standIn = await startShipmondoStandIn({
  port: process.env.PORT ? Number(process.env.PORT) : 0,
  host: process.env.HOST || undefined,
  apiUser: process.env.SHIPMONDO_API_USER || undefined,
  apiKey: process.env.SHIPMONDO_API_KEY || undefined,
});
console.log(`shipmondo stand-in listening on ${standIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void standIn.stop().then(() => process.exit(0));
  });
}
