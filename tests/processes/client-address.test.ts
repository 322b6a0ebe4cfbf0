// X-Forwarded-For is believed only from trusted proxies (security finding 3), through the real
// production server: a client that rotates the header is still one client for the hosted pages'
// limit and the console sign-in limit, cannot spend another address's budget by writing it there,
// and cannot write the server's own client-address header either. With TRUSTED_PROXIES naming the
// proxy, the address the proxy appended is the client.
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { CLIENT_ADDRESS_HEADER } from "../../lib/http/client-address.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.CLIENT_ADDRESS_PORT ?? 3261);
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await stopServer(child);
});
// The hosted pages' counters are per client address in the database every test file shares: the
// other files' servers count 127.0.0.1 too (a browser journey a moment before spends part of this
// minute's budget). These tests count from zero.
beforeEach(async () => {
  await db.rateLimitCounter.deleteMany({ where: { key: { startsWith: "hosted:" } } });
});

const origin = `http://127.0.0.1:${PORT}`;
let counter = 0;
const rotating = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter++ & 255}`;

async function hostedStatus(headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${origin}/checkout/not-a-real-link`, { headers, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** A console sign-in through next-auth: the error it reports ("CredentialsSignin", "rate-limited:…", or "" when signed in) and the cookies set. */
async function signIn(
  email: string,
  password: string,
  headers: Record<string, string>,
  cookies = "",
): Promise<{ error: string; cookies: string[] }> {
  const csrf = await fetch(`${origin}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = [cookies, ...csrf.headers.getSetCookie().map((c) => c.split(";")[0])].filter(Boolean).join("; ");
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  const location =
    response.headers.get("location") ?? ((await response.json().catch(() => ({}))) as { url?: string }).url ?? "";
  return { error: new URL(location, origin).searchParams.get("error") ?? "", cookies: response.headers.getSetCookie() };
}

const failedSignIn = async (email: string, headers: Record<string, string>) =>
  (await signIn(email, "wrong password", headers)).error;

describe("the client address behind per-client limits", () => {
  it("is the socket's without trusted proxies: rotating X-Forwarded-For or our own header does not make new clients", async () => {
    children.push(
      await startServer("no proxies", PORT, serviceCommand(PORT), {
        env: { ...SERVER_ENV, HOSTED_RATE_LIMIT_PER_MINUTE: "20" },
      }),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      statuses.push(
        await hostedStatus({
          "x-forwarded-for": rotating(),
          "x-real-ip": rotating(),
          [CLIENT_ADDRESS_HEADER]: rotating(),
        }),
      );
    }
    expect(statuses.slice(0, 20).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);

    // The console sign-in: 50 failures per client address, whatever the header says.
    const results: string[] = [];
    for (let i = 0; i < 52; i++)
      results.push(await failedSignIn(`nobody-${i}-${Date.now()}@example.com`, { "x-forwarded-for": rotating() }));
    expect(results.slice(0, 50).every((error) => error === "CredentialsSignin")).toBe(true);
    expect(results.slice(50).every((error) => error.startsWith("rate-limited"))).toBe(true);
    await stopServer(children.pop()!);
  });

  it("is the one the trusted proxy appended with TRUSTED_PROXIES, and one client's floods leave others alone", async () => {
    children.push(
      await startServer("behind a proxy", PORT, serviceCommand(PORT), {
        env: { ...SERVER_ENV, HOSTED_RATE_LIMIT_PER_MINUTE: "10", TRUSTED_PROXIES: "127.0.0.1" },
      }),
    );
    const flooder = "198.51.100.66";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await hostedStatus({ "x-forwarded-for": `6.6.6.${i}, ${flooder}` }));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Someone else behind the same proxy is not affected; a client that names the flooder's
    // address first in its own header is not the flooder either.
    expect(await hostedStatus({ "x-forwarded-for": "198.51.100.67" })).not.toBe(429);
    expect(await hostedStatus({ "x-forwarded-for": `${flooder}, 198.51.100.68` })).not.toBe(429);

    // Failed API tokens are counted per client too; a valid token from the flooder's address works.
    const tenant = await freshTenant();
    const api = (token: string, client: string) =>
      fetch(`${origin}/api/v1/webhooks/subscriptions`, {
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": client },
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    expect(await api(tenant.testApiKey, flooder)).toBe(200);
  });

  it("lets a member in from a browser they signed in from, while guesses from many addresses slow new browsers (finding 4)", async () => {
    // On the server of the test above, behind a trusted proxy, so each X-Forwarded-For is a client.
    const tenant = await freshTenant();
    // The member signs in once: the browser becomes a known device of theirs.
    const first = await signIn(tenant.consoleEmail, tenant.consolePassword, { "x-forwarded-for": "198.51.100.10" });
    expect(first.error).toBe("");
    const device = first.cookies.find((c) => c.startsWith("escrow_console_device="));
    expect(device).toBeTruthy();
    expect(device).toMatch(/HttpOnly/i);
    // Someone floods the address with wrong passwords from 30 addresses.
    for (let i = 0; i < 30; i++)
      expect(await failedSignIn(tenant.consoleEmail, { "x-forwarded-for": `203.0.113.${i + 1}` })).not.toBe("");
    // The member's browser still gets in with the right password; a browser never used waits.
    const known = await signIn(
      tenant.consoleEmail,
      tenant.consolePassword,
      { "x-forwarded-for": "198.51.100.11" },
      device!.split(";")[0],
    );
    expect(known.error).toBe("");
    const unknown = await signIn(tenant.consoleEmail, tenant.consolePassword, { "x-forwarded-for": "198.51.100.12" });
    expect(unknown.error).toMatch(/^rate-limited:\d+$/);
    expect(Number(unknown.error.split(":")[1])).toBeLessThanOrEqual(60);
  });
});
