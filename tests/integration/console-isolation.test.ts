// The console row of the tenant-isolation matrix (issue 8): every console endpoint found on disk
// (app/(console)/console/api/**/route.ts, each exported method) is called by tenant B's signed-in
// admin — a real next-auth session cookie through the real handler — aimed at tenant A's objects.
// Endpoints that take an id must answer 404 for each of A's ids, as for an id that does not exist;
// endpoints without one act on B's own tenant only and show nothing of A's; and nothing of A's
// changes (every row of every tenant table, before and after). The console pages that load one
// object by id answer not-found to B and render for A. An endpoint or page this test does not know
// how to aim fails it, so a new one cannot slip through.
import { beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_BUSINESS, tenantRows } from "../helpers/api-world.ts";
import { callConsole, renderConsolePage } from "../helpers/console-request.ts";
import {
  buildConsoleWorld,
  consoleEndpoints,
  consoleObjectPages,
  type ConsoleWorld,
} from "../helpers/console-world.ts";
import { PAGES, TARGETS } from "../helpers/console-targets.ts";
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const endpoints = consoleEndpoints();
const pages = consoleObjectPages();
let a: ConsoleWorld;
let intruderAdminId: string;

beforeAll(async () => {
  a = await buildConsoleWorld();
  const b = await freshTenant({ allowedBusinessIds: [EXAMPLE_BUSINESS.businessId] });
  intruderAdminId = (await db.staffUser.findFirstOrThrow({ where: { tenantId: b.tenantId, role: "admin" } })).id;
}, 120_000);

const concrete = (route: string, params: Record<string, string> = {}) =>
  `/console/api/${route.replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(params[name] ?? name))}`;

describe("console isolation, generated from the console's routes on disk", () => {
  it("knows how to aim every console endpoint and every page that loads an object", () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(25);
    const found = endpoints.map((e) => `${e.method} ${e.route}`).sort();
    expect(found, "endpoints on disk without a target in TARGETS (add one)").toEqual(Object.keys(TARGETS).sort());
    expect(pages.map((p) => p.route).sort(), "object pages on disk without ids in PAGES (add them)").toEqual(
      Object.keys(PAGES).sort(),
    );
    for (const [name, target] of Object.entries(TARGETS)) expect(target.calls(a).length, name).toBeGreaterThan(0);
  });

  for (const endpoint of endpoints) {
    const name = `${endpoint.method} ${endpoint.route}`;
    it(
      `${name}: another tenant's admin ` +
        `${TARGETS[name]?.kind === "object" ? "finds none of A's objects (404)" : "reaches only their own tenant"}, ` +
        `and A is unchanged`,
      async () => {
        const target = TARGETS[name];
        expect(target, `a target for ${name}`).toBeDefined();
        const handler = (await import(/* @vite-ignore */ `${process.cwd()}/${endpoint.file}`))[endpoint.method];
        const before = await tenantRows(a.tenant.tenantId);
        for (const call of target!.calls(a)) {
          const path = concrete(endpoint.route, call.params) + (call.query ? `?${call.query}` : "");
          const result = await callConsole(handler, {
            method: endpoint.method,
            path,
            params: call.params,
            staffId: intruderAdminId,
            body: call.body,
          });
          const what = `${name} ${JSON.stringify(call)} → ${result.status} ${JSON.stringify(result.json)}`;
          if (target!.kind === "object") expect(`${result.status} ${result.json?.code}`, what).toBe("404 not-found");
          else expect(target!.statuses, what).toContain(result.status);
          // An answer may repeat what it was asked (an id, an e-mail the caller typed); anything else of A's must not appear.
          const asked = [...Object.values(call.params ?? {}), call.query ?? "", JSON.stringify(call.body ?? null)].join(
            " ",
          );
          const answered = result.text ?? JSON.stringify(result.json); // a file (an export) is text
          const leaked = a.secrets.filter((secret) => !asked.includes(secret) && answered.includes(secret));
          expect(leaked, what).toEqual([]);
        }
        expect(await tenantRows(a.tenant.tenantId)).toEqual(before);
      },
    );
  }

  for (const page of pages) {
    it(`page /console/${page.route}: not found with A's ids for B's admin, shown to A's admin`, async () => {
      const render = PAGES[page.route];
      expect(render, `ids for page ${page.route}`).toBeDefined();
      const component = (await import(/* @vite-ignore */ `${process.cwd()}/${page.file}`)).default;
      for (const params of render!(a)) {
        const path = `/console/${page.route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]!)}`;
        expect(await renderConsolePage(component, path, intruderAdminId, params), `B on ${path}`).toBe("not-found");
        expect(await renderConsolePage(component, path, a.adminId, params), `A on ${path}`).toBe("rendered");
      }
    });
  }

  it("the harness signs in for real: B's admin cancels B's own trade, and a session for no one is refused (401)", async () => {
    const { POST } = await import("../../app/(console)/console/api/trades/[tradeId]/cancel/route.ts");
    const intruder = await db.staffUser.findUniqueOrThrow({ where: { id: intruderAdminId } });
    const own = await insertTrade(intruder.tenantId);
    const path = `/console/api/trades/${own.id}/cancel`;
    expect(
      await callConsole(POST, {
        method: "POST",
        path,
        params: { tradeId: own.id },
        staffId: intruderAdminId,
        body: { state: "Created" },
      }),
    ).toEqual({ status: 200, json: { state: "Cancelled" } });
    expect(
      (
        await callConsole(POST, {
          method: "POST",
          path,
          params: { tradeId: own.id },
          staffId: "no-such-staff",
          body: { state: "Cancelled" },
        })
      ).status,
    ).toBe(401);
  });
});
