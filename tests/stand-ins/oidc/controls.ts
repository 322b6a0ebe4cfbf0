// Test controls: not the broker's API, but what a test needs to drive and inspect it. The login
// itself is driven through the login page (as a browser would); the controls list who can sign in
// and which sign-ins happened. The same controls are on the object startOidcStandIn returns and
// over HTTP under /_stand_in/ (for a stand-in running as its own process, e.g. under Playwright).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MitIdLevel } from "./levels.ts";
import { fullName, type TestPerson } from "./test-persons.ts";

export interface CompletedSignIn {
  personId: string;
  subject: string;
  level: MitIdLevel;
  clientId: string;
}

export interface OidcStandInControls {
  /** The people the login page offers, with the name the page shows for each. */
  testPersons(): (TestPerson & { name: string })[];
  /** Every sign-in the login page completed (not cancelled), oldest first. */
  signIns(): CompletedSignIn[];
  /** How many times the discovery document was fetched (a relying party should cache it). */
  discoveries(): number;
  /**
   * While on, the JWKS endpoint publishes another key under the signing key's id: every ID token
   * then carries a signature the published key does not verify, as a forged token would.
   */
  publishWrongKeys(on: boolean): void;
}

export interface StandInRecord {
  signIns: CompletedSignIn[];
  discoveries: number;
  wrongKeys: boolean;
}

export function createControls(persons: readonly TestPerson[], record: StandInRecord): OidcStandInControls {
  return {
    testPersons: () => persons.map((person) => ({ ...person, name: fullName(person) })),
    signIns: () => [...record.signIns],
    discoveries: () => record.discoveries,
    publishWrongKeys(on) {
      record.wrongKeys = on;
    },
  };
}

/** Answers the controls under /_stand_in/ (README.md lists them); false when the path is not one. */
export function serveControl(
  controls: OidcStandInControls,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): boolean {
  if (!url.pathname.startsWith("/_stand_in/")) return false;
  const route = `${request.method} ${url.pathname.slice("/_stand_in".length)}`;
  const routes: Record<string, () => unknown> = {
    "GET /persons": () => controls.testPersons(),
    "GET /sign-ins": () => controls.signIns(),
    "GET /discoveries": () => ({ count: controls.discoveries() }),
    "POST /keys/wrong": () => controls.publishWrongKeys(true),
    "POST /keys/right": () => controls.publishWrongKeys(false),
  };
  const known = Object.hasOwn(routes, route);
  const value = known ? (routes[route]!() ?? null) : undefined;
  const [status, body] = known ? [200, value] : [404, { error: `no control ${route}` }];
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body, null, 2));
  return true;
}
