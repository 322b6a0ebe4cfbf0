// Console request bodies are read with a size limit, as the API's are (lib/console/console-route.ts
// consoleBody: 64 KiB; the invitation form 16 KiB): every console endpoint found on disk that reads
// a body refuses an oversized one with 413 before acting, and none reads a body around the limit
// (request.json(), .text(), .formData() would read it whole, however large).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { tenantRows } from "../helpers/api-world.ts";
import { callConsole } from "../helpers/console-request.ts";
import { consoleEndpoints } from "../helpers/console-world.ts";
import { CONSOLE_OPERATIONS } from "../../lib/console/operations/index.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const endpoints = consoleEndpoints().filter((e) => e.method !== "GET");
// An endpoint reads a body when its operation declares one (lib/console/operations; consoleRoute
// reads it), or when its file reads one itself (the token route of an invitation).
const declaresBody = (route: string, method: string) =>
  Object.values(CONSOLE_OPERATIONS).some(
    (operation) =>
      operation.method === method &&
      operation.body !== undefined &&
      operation.path === `/console/api/${route.replace(/\[(\w+)\]/g, "{$1}")}`,
  );
const readsBody = (endpoint: { route: string; method: string; file: string }) =>
  declaresBody(endpoint.route, endpoint.method) ||
  /\b(consoleBody|readJsonBody)\(/.test(readFileSync(endpoint.file, "utf8"));

let tenantId: string;
let adminId: string;

beforeAll(async () => {
  tenantId = (await freshTenant()).tenantId;
  adminId = (await db.staffUser.findFirstOrThrow({ where: { tenantId, role: "admin" } })).id;
});

describe("console request bodies", () => {
  it("are never read around the size limit", () => {
    expect(endpoints.length).toBeGreaterThan(15);
    // The body-reading endpoints below are found, not listed: finding none would test nothing.
    expect(endpoints.filter(readsBody).length).toBeGreaterThan(15);
    const unlimited = endpoints.filter((e) =>
      /request\.(json|text|formData|arrayBuffer|blob)\(/.test(readFileSync(e.file, "utf8")),
    );
    expect(unlimited.map((e) => e.route)).toEqual([]);
  });

  for (const endpoint of endpoints.filter(readsBody)) {
    it(`POST ${endpoint.route}: a body over the limit is refused with 413, and nothing changes`, async () => {
      const handler = (await import(/* @vite-ignore */ `${process.cwd()}/${endpoint.file}`))[endpoint.method];
      const params = Object.fromEntries(
        [...endpoint.route.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, `unknown-${m[1]}`]),
      );
      const before = await tenantRows(tenantId);
      const body = { name: "x".repeat(70 * 1024) };
      const result = await callConsole(handler, {
        method: endpoint.method,
        path: `/console/api/${endpoint.route}`,
        params,
        staffId: adminId,
        body,
      });
      expect(result.status, JSON.stringify(result.json)).toBe(413);
      expect(await tenantRows(tenantId)).toEqual(before);
    });
  }
});
