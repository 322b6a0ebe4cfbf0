// One e-mail address with console logins in two tenants (second probe, finding 2). Tenant D's
// admin invites tenant C's admin's address and accepts the invitation itself, so D holds a login
// for the address with a password of D's choosing. Sign-in protection is per login (the tenant's
// staff member): D's "Lift" clears only D's member, a known-device cookie from signing in to D
// exempts only D's login, and D's Team page shows only attempts on D's own member. Everything goes
// through the real route handlers: next-auth's sign-in, the invitation, the lift.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as acceptRoute } from "../../app/(console)/console/api/invitations/accept/route.ts";
import { POST as inviteRoute } from "../../app/(console)/console/api/team/route.ts";
import { POST as liftRoute } from "../../app/(console)/console/api/team/[staffId]/sign-in-throttle/route.ts";
import { FAILURES_PER_PAIR, FREE_FAILURES_PER_EMAIL } from "../../lib/console/auth/sign-in-limits.ts";
import { listTeam } from "../../lib/console/team/list-team.ts";
import { callRoute } from "../helpers/call-route.ts";
import { callConsole, CONSOLE_ORIGIN } from "../helpers/console-request.ts";
import { browserAt, signInAs, withDeviceCookieOf } from "../helpers/console-sign-in.ts";
import { contextOf } from "../helpers/staff-context.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const D_PASSWORD = "tenant D chose this password";
const newClient = () => `203.0.113.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
const RATE_LIMITED = /^rate-limited:\d+$/;

async function adminOf(tenant: { tenantId: string; consoleEmail: string }) {
  return db.staffUser.findUniqueOrThrow({
    where: { tenantId_email: { tenantId: tenant.tenantId, email: tenant.consoleEmail } },
  });
}

/** Tenants C and D; D's admin invites C's admin's address into D (and, unless told not to, accepts it). */
async function sharedAddress({ accept = true } = {}) {
  const c = await freshTenant({ name: "C Market" });
  const d = await freshTenant({ name: "D Market" });
  const [cAdmin, dAdmin] = [await adminOf(c), await adminOf(d)];
  const invited = await callConsole(inviteRoute, {
    method: "POST",
    path: "/console/api/team",
    staffId: dAdmin.id,
    body: { email: c.consoleEmail, role: "admin" },
  });
  expect(invited.status).toBe(200);
  if (accept) {
    const accepted = await callRoute(acceptRoute, {
      method: "POST",
      path: "/console/api/invitations/accept",
      body: { token: String(invited.json.invitePath).replace("/console/invite/", ""), password: D_PASSWORD },
      headers: { Origin: CONSOLE_ORIGIN },
    });
    expect(accepted.status).toBe(200);
  }
  const lift = () =>
    callConsole(liftRoute, {
      method: "POST",
      path: `/console/api/team/${invited.json.staffId}/sign-in-throttle`,
      staffId: dAdmin.id,
      params: { staffId: invited.json.staffId },
    });
  return { c, d, cAdmin, dAdmin, dMemberId: String(invited.json.staffId), address: c.consoleEmail, lift };
}

const throttleOn = async (adminId: string, memberId: string) =>
  (await listTeam(await contextOf(adminId))).find((member) => member.id === memberId)!.signInThrottle;

// Each sign-in checks a scrypt hash per login: room for a busy machine, nothing timed.
describe("one address with logins in two tenants: sign-in protection per tenant's member", { timeout: 120_000 }, () => {
  it("D's Lift leaves C's login slowed for new browsers", async () => {
    const { c, cAdmin, address, lift } = await sharedAddress();
    for (let guess = 0; guess < FREE_FAILURES_PER_EMAIL; guess++)
      expect(await signInAs(browserAt(newClient()), address, `guess ${guess}`)).toBe("CredentialsSignin");
    expect(await signInAs(browserAt(newClient()), address, c.consolePassword)).toMatch(RATE_LIMITED);

    expect(await lift()).toEqual({ status: 200, json: expect.objectContaining({ signInThrottleLifted: true }) });
    // C's admin's password from a browser C's admin never used: still slowed, D's lift or not.
    expect(await signInAs(browserAt(newClient()), address, c.consolePassword)).toMatch(RATE_LIMITED);
    expect(await throttleOn(cAdmin.id, cAdmin.id)).toMatchObject({ failures: FREE_FAILURES_PER_EMAIL });
  });

  it("D's Lift does not let a client that C's limits stopped sign in to C", async () => {
    const { c, cAdmin, address, lift } = await sharedAddress();
    // A browser C's admin signed in from (a known device of C's login) guesses until stopped.
    const browser = browserAt(newClient());
    expect(await signInAs(browser, address, c.consolePassword)).toBe("");
    for (let guess = 0; guess < FAILURES_PER_PAIR; guess++) await signInAs(browser, address, `guess ${guess}`);
    expect(await signInAs(browser, address, c.consolePassword)).toMatch(RATE_LIMITED);

    expect((await lift()).status).toBe(200);
    expect(await signInAs(browser, address, c.consolePassword)).toMatch(RATE_LIMITED);
    // C's own admin can lift C's login, and then the browser gets in.
    const cLift = await callConsole(liftRoute, {
      method: "POST",
      path: `/console/api/team/${cAdmin.id}/sign-in-throttle`,
      staffId: cAdmin.id,
      params: { staffId: cAdmin.id },
    });
    expect(cLift.status).toBe(200);
    expect(await signInAs(browser, address, c.consolePassword)).toBe("");
  });

  it("D's known-device cookie for the address exempts D's login only: guesses at C's still count", async () => {
    const { c, d, cAdmin, address } = await sharedAddress();
    // D's admin signs in to D as the address: that browser becomes a known device of D's member.
    const dBrowser = browserAt(newClient());
    expect(await signInAs(dBrowser, address, D_PASSWORD)).toBe("");
    for (let guess = 0; guess < FREE_FAILURES_PER_EMAIL; guess++)
      expect(await signInAs(withDeviceCookieOf(dBrowser, newClient()), address, `guess ${guess}`)).toBe(
        "CredentialsSignin",
      );
    expect(await throttleOn(cAdmin.id, cAdmin.id)).toMatchObject({ failures: FREE_FAILURES_PER_EMAIL });
    // C's password from a new address with D's cookie is slowed like any unknown browser of C's.
    expect(await signInAs(withDeviceCookieOf(dBrowser, newClient()), address, c.consolePassword)).toMatch(RATE_LIMITED);
    // D's member is not slowed on D's own known device.
    const intoD = withDeviceCookieOf(dBrowser, newClient());
    expect(await signInAs(intoD, address, D_PASSWORD)).toBe("");
    expect(intoD.cookies.has("__Secure-next-auth.session-token")).toBe(true);
    expect(await db.staffUser.findFirstOrThrow({ where: { tenantId: d.tenantId, email: address } })).toMatchObject({
      lastSignInAt: expect.any(Date),
    });
  });

  it("D's Team page shows only attempts on D's own member", async () => {
    const { c, cAdmin, dAdmin, dMemberId, address } = await sharedAddress({ accept: false });
    // While D's member has not chosen a password, a guess cannot open it: guesses are C's alone.
    for (let guess = 0; guess < FREE_FAILURES_PER_EMAIL; guess++)
      expect(await signInAs(browserAt(newClient()), address, `guess ${guess}`)).toBe("CredentialsSignin");
    expect(await throttleOn(cAdmin.id, cAdmin.id)).toMatchObject({ failures: FREE_FAILURES_PER_EMAIL });
    expect(await throttleOn(dAdmin.id, dMemberId)).toBeNull();
    expect(await signInAs(browserAt(newClient()), address, c.consolePassword)).toMatch(RATE_LIMITED);
  });
});

describe("an address whose tenant is not known yet", { timeout: 120_000 }, () => {
  it("is slowed after the same failures whether or not it has a login, and answers alike", async () => {
    const tenant = await freshTenant();
    const nobody = `nobody-${randomUUID()}@example.com`;
    for (const address of [tenant.consoleEmail, nobody]) {
      for (let guess = 0; guess < FREE_FAILURES_PER_EMAIL; guess++)
        expect(await signInAs(browserAt(newClient()), address, `guess ${guess}`)).toBe("CredentialsSignin");
      expect(await signInAs(browserAt(newClient()), address, tenant.consolePassword)).toMatch(RATE_LIMITED);
    }
  });
});
