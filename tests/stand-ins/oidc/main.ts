// Runs the MitID broker stand-in as its own process, e.g. as a Playwright webServer:
//
//   OIDC_STAND_IN_CLIENTS='[{"client_id":"escrow","client_secret":"…","redirect_uris":["http://127.0.0.1:3000/eid/callback"]}]' \
//     npx tsx tests/stand-ins/oidc/main.ts
//
// Environment:
//   PORT                        port to listen on (default: a free one)
//   HOST                        default 127.0.0.1
//   OIDC_STAND_IN_CLIENTS       JSON array of { client_id, client_secret, redirect_uris,
//                               token_endpoint_auth_method? } (required)
//   OIDC_STAND_IN_LEVEL_CLAIM   the claim that carries the level (default acr)
// Prints one line, `oidc stand-in listening on <url>`, once it accepts requests; <url> is the
// issuer. The test controls are then under <url>/_stand_in/. Stops on SIGINT/SIGTERM.
import { startOidcStandIn, type StandInClient } from "./server.ts";

function clients(): StandInClient[] {
  const text = process.env.OIDC_STAND_IN_CLIENTS;
  if (!text) throw new Error("OIDC_STAND_IN_CLIENTS must be set: a JSON array of clients");
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error("OIDC_STAND_IN_CLIENTS must be a JSON array of clients");
  return parsed as StandInClient[];
}

const standIn = await startOidcStandIn({
  port: process.env.PORT ? Number(process.env.PORT) : 0,
  host: process.env.HOST || undefined,
  clients: clients(),
  levelClaim: process.env.OIDC_STAND_IN_LEVEL_CLAIM || undefined,
});
console.log(`oidc stand-in listening on ${standIn.url}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void standIn.stop().then(() => process.exit(0));
  });
}
