// A stand-in for a MitID broker (Idura/Criipto Verify, Signicat, the Nets eID broker) on loopback:
// a certified OpenID provider (oidc-provider) with the broker's acr values and claims, and a login
// page where a test picks the person and the level they reach. The relying party's tests point the
// real openid-client at it; it is not a mock of our own code. Test code only.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { createControls, serveControl, type OidcStandInControls, type StandInRecord } from "./controls.ts";
import { mitIdAcr, type MitIdLevel } from "./levels.ts";
import { serveLoginPage, type LoginPageContext } from "./login-page.ts";
import { providerConfiguration, publicJwk, signingKey, type StandInClient } from "./provider-configuration.ts";
import { DEFAULT_TEST_PERSONS, type TestPerson } from "./test-persons.ts";

export type { StandInClient } from "./provider-configuration.ts";
export type { TestPerson } from "./test-persons.ts";

export interface OidcStandInOptions {
  /** Default: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  clients: StandInClient[];
  /** Default: DEFAULT_TEST_PERSONS (test-persons.ts). */
  persons?: readonly TestPerson[];
  /** The ID token claim that carries the level; default `acr`. Another name: that claim, no acr. */
  levelClaim?: string;
  /** The value of the level claim; default the MitID URN `urn:grn:authn:dk:mitid:<level>`. */
  levelValue?: (level: MitIdLevel) => string;
}

export interface OidcStandIn {
  /** The issuer identifier, also the base of every address (`http://127.0.0.1:<port>`). */
  url: string;
  host: string;
  port: number;
  controls: OidcStandInControls;
  stop(): Promise<void>;
}

export async function startOidcStandIn(options: OidcStandInOptions): Promise<OidcStandIn> {
  const host = options.host ?? "127.0.0.1";
  const persons = options.persons ?? DEFAULT_TEST_PERSONS;
  const levelClaim = options.levelClaim ?? "acr";
  const record: StandInRecord = { signIns: [], discoveries: 0, wrongKeys: false };
  const key = await signingKey();
  const wrongKeys = JSON.stringify({ keys: [publicJwk(await signingKey(String(key.kid)))] });
  const levels = new Map<string, MitIdLevel>();
  const controls = createControls(persons, record);
  let answer: http.RequestListener = (_request, response) => response.writeHead(503).end();

  // The issuer names the port, so the server listens before the provider is made.
  const server = http.createServer((request, response) => answer(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${host}:${port}`;

  const provider = new Provider(
    url,
    await providerConfiguration({
      clients: options.clients,
      key,
      persons,
      levelClaim,
      levelValue: options.levelValue ?? mitIdAcr,
      levelOfGrant: (grantId) => levels.get(grantId),
    }),
  );
  provider.on("server_error", (_context, error) => console.error("oidc stand-in: server error", error));
  const login: LoginPageContext = {
    provider,
    persons,
    levelClaim,
    recordSignIn(grantId, person, level, clientId) {
      levels.set(grantId, level);
      record.signIns.push({ personId: person.id, subject: person.subject, level, clientId });
    },
  };
  const providerCallback = provider.callback();
  answer = (request, response) => {
    const requestUrl = new URL(request.url ?? "/", url);
    if (serveControl(controls, request, response, requestUrl)) return;
    if (requestUrl.pathname === "/.well-known/openid-configuration") record.discoveries += 1;
    if (requestUrl.pathname === "/jwks" && record.wrongKeys) {
      response.writeHead(200, { "Content-Type": "application/jwk-set+json" }).end(wrongKeys);
      return;
    }
    void serveLoginPage(login, request, response, requestUrl).then((served) => {
      if (!served) providerCallback(request, response);
    });
  };

  return {
    url,
    host,
    port,
    controls,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
