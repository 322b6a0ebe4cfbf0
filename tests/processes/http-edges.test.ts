// The production server's answers at the edges (security finding 7): methods nothing serves answer
// 405 with the error record instead of a 500 and a stack trace in the log, and the 404 page is
// rendered with the request's CSP nonce on every script (a prerendered one had none, so the
// policy blocked its scripts). Addresses whose percent-escapes do not decode answer 400 in each
// face's shape (issue 33, finding 6: Next's router answered them 500).
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceCommand, startServer, stopServer } from "../../scripts/bench/server.ts";
import { SERVER_ENV } from "./helpers/quiet.ts";

const PORT = Number(process.env.HTTP_EDGES_PORT ?? 3271);
const origin = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;
beforeAll(async () => {
  server = await startServer("edges", PORT, serviceCommand(PORT), { env: SERVER_ENV });
});
afterAll(async () => {
  await stopServer(server);
});

/** Any method, as a raw client sends it (fetch refuses TRACE). */
function raw(
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("methods nothing serves", () => {
  it("answer 405 with the error record and Allow on API paths, and a plain 405 on pages", async () => {
    for (const method of ["TRACE", "PROPFIND", "DELETE"]) {
      const response = await raw(method, "/api/v1/marketplace/users/someone");
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET");
      const record = JSON.parse(response.body);
      expect(record).toMatchObject({ status: 405, typeCode: "method-not-allowed", errors: [] });
      expect(record.traceId).toBe(response.headers["x-correlation-id"]);
      // The API's security headers, as its routes' answers carry them, without the page-only ones.
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["referrer-policy"]).toBeUndefined();
    }
    const page = await raw("TRACE", "/console/sign-in");
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
    expect(page.headers["referrer-policy"]).toBe("same-origin");
    // HEAD and OPTIONS still work where GET does.
    expect((await raw("HEAD", "/api/v1/marketplace/users/someone")).status).toBe(401);
    expect((await raw("OPTIONS", "/api/v1/marketplace/users/someone")).status).toBe(204);
  });
});

describe("addresses whose percent-escapes do not decode", () => {
  it("answer 400: the error record on the API, the console's refusal on its endpoints, a plain line on pages", async () => {
    for (const path of ["/api/v1/marketplace/users/%E0", "/api/v1/marketplace/users/%ED%A0%80/trades", "/api/v1/%"]) {
      const response = await raw("GET", path);
      expect(response.status, path).toBe(400);
      const record = JSON.parse(response.body);
      expect(record, path).toMatchObject({ status: 400, typeCode: "malformed-request", errors: [] });
      expect(record.traceId).toBe(response.headers["x-correlation-id"]);
    }
    for (const path of [
      "/console/api/exports/%E0?from=2026-01-01&to=2026-01-02",
      "/console/api/developers/request-log/%ZZ",
    ]) {
      const response = await raw("GET", path);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body), path).toMatchObject({ code: "malformed-request" });
    }
    for (const path of ["/pay/%E0", "/console/trades/%", "/status/%C3%28"]) {
      const response = await raw("GET", path);
      expect(response.status, path).toBe(400);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
    // An escape that decodes is not refused.
    expect((await raw("GET", "/api/v1/marketplace/users/%C3%A6")).status).toBe(401);
  });
});

describe("the 404 page", () => {
  it("carries the request's nonce on every script", async () => {
    const response = await fetch(`${origin}/no-such-page`);
    expect(response.status).toBe(404);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });
});

describe("what crawlers and browsers ask for", () => {
  it("robots.txt keeps hosted links and the console out of search engines, the pages say noindex, and there is a favicon", async () => {
    const robots = await fetch(`${origin}/robots.txt`);
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    for (const path of [
      "/connect/",
      "/checkout/",
      "/pay/",
      "/status/",
      "/payout-account/",
      "/track/",
      "/console",
      "/api/",
    ])
      expect(rules).toContain(`Disallow: ${path}`);
    // A hosted link published where a crawler follows it is still not indexed.
    for (const path of ["/checkout/not-a-session", "/status/not-a-session", "/console/sign-in"]) {
      expect((await fetch(`${origin}${path}`, { redirect: "manual" })).headers.get("x-robots-tag"), path).toBe(
        "noindex, nofollow",
      );
    }
    expect((await fetch(`${origin}/docs`)).headers.get("x-robots-tag")).toBeNull();
    const icon = await fetch(`${origin}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(Buffer.from(await icon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // an ICO file
  });
});

describe("security headers", () => {
  it("gives API answers the headers an API needs and pages all of theirs", async () => {
    // A refused call answers through the same path as any other (the route's answer, serveApi's head).
    const everyAnswer = { "x-content-type-options": "nosniff", "x-frame-options": "DENY" };
    const api = await raw("GET", "/api/v1/marketplace/users/someone/trades");
    expect(api.status).toBe(401);
    expect(api.headers).toMatchObject({
      ...everyAnswer,
      "strict-transport-security": "max-age=63072000; includeSubDomains",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      "cache-control": "no-store",
      "content-type": "application/json",
    });
    expect(api.headers["x-correlation-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // The page-only ones govern documents a browser renders; a JSON answer goes without them.
    for (const pageOnly of ["referrer-policy", "permissions-policy", "cross-origin-opener-policy"])
      expect(api.headers[pageOnly], pageOnly).toBeUndefined();
    const page = await raw("GET", "/docs");
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      ...everyAnswer,
      "referrer-policy": "same-origin",
      "cross-origin-opener-policy": "same-origin",
    });
    expect(page.headers["permissions-policy"]).toContain("camera=()");
  });
});
