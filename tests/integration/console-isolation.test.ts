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
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

type Call = { params?: Record<string, string>; query?: string; body?: unknown };
/** "object": takes one of A's ids, must be 404. "tenant": acts on the caller's tenant, answers one of `statuses`. */
type Target =
  | { kind: "object"; calls: (a: ConsoleWorld) => Call[] }
  | { kind: "tenant"; statuses: number[]; calls: (a: ConsoleWorld) => Call[] };

const each = (ids: string[] | undefined, name: string, body?: unknown): Call[] =>
  (ids ?? []).map((id) => ({ params: { [name]: id }, body }));
const businessUser = (body: unknown): Call[] => [{ params: { ...EXAMPLE_BUSINESS }, body }];
// B's own business user under A's business id (a tenant-chosen id) but another location, so that A's key stays unknown to B.
const newBusiness = {
  businessId: EXAMPLE_BUSINESS.businessId,
  businessLocationId: "2012345678",
  name: "B's shop",
  phoneNumber: "+4587654321",
  address: {},
  payoutsAccountNumber: "DK5000400440116243",
};

const TARGETS: Record<string, Target> = {
  "POST business-users/[businessId]/[businessLocationId]/delete": {
    kind: "object",
    calls: () => businessUser({ mode: "test" }),
  },
  "POST business-users/[businessId]/[businessLocationId]/edit": {
    kind: "object",
    calls: () => businessUser({ mode: "test", name: "Taken over", phoneNumber: null, address: {} }),
  },
  "POST developers/api-keys/[tokenId]/revoke": { kind: "object", calls: (a) => each(a.ids.tokenId, "tokenId") },
  "POST developers/api-keys/[tokenId]/reveal": { kind: "object", calls: (a) => each(a.ids.tokenId, "tokenId") },
  "GET developers/request-log/[entryId]": { kind: "object", calls: (a) => each(a.ids.entryId, "entryId") },
  "POST team/[staffId]/access": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId", { disabled: true }) },
  "POST team/[staffId]/invitation": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId") },
  "POST team/[staffId]/role": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId", { role: "viewer" }) },
  "POST team/[staffId]/sessions": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId") },
  "POST team/[staffId]/sign-in-throttle": { kind: "object", calls: (a) => each(a.ids.staffId, "staffId") },
  "POST trades/[tradeId]/cancel": {
    kind: "object",
    calls: (a) =>
      a.ids.tradeId!.map((tradeId) => ({ params: { tradeId }, body: { state: a.tradeStates.get(tradeId) } })),
  },
  "POST trades/[tradeId]/resolve": {
    kind: "object",
    calls: (a) => each(a.ids.tradeId, "tradeId", { outcome: "refund" }),
  },
  "POST trades/[tradeId]/settle": {
    kind: "object",
    calls: (a) =>
      a.ids.tradeId!.map((tradeId) => ({
        params: { tradeId },
        body: { refundAmount: "1.00", reason: "Taken over", state: a.tradeStates.get(tradeId) },
      })),
  },
  "POST webhook-events/[eventId]/redeliver": { kind: "object", calls: (a) => each(a.ids.eventId, "eventId") },
  "POST webhooks/subscriptions/[subscriptionId]": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId", { enabled: false, url: "http://localhost:9/stolen" }),
  },
  "POST webhooks/subscriptions/[subscriptionId]/delete": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId"),
  },
  "POST webhooks/subscriptions/[subscriptionId]/rotate-secret": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId"),
  },
  "POST webhooks/subscriptions/[subscriptionId]/test": {
    kind: "object",
    calls: (a) => each(a.ids.subscriptionId, "subscriptionId"),
  },
  // Lists, filtered on A's own ids where a filter takes one: B's rows only (none).
  "GET developers/api-keys": { kind: "tenant", statuses: [200], calls: () => [{}, { query: "mode=live" }] },
  "GET developers/request-log": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [{}, ...a.correlationIds.map((id) => ({ query: `correlationId=${id}` }))],
  },
  "GET trades": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [{}, ...a.ids.tradeId!.slice(0, 2).map((id) => ({ query: `q=${id}` }))],
  },
  "GET users": { kind: "tenant", statuses: [200], calls: () => [{}, { query: "q=seller" }, { query: "mode=live" }] },
  "GET exports/[kind]": {
    kind: "tenant",
    statuses: [200],
    calls: () =>
      ["trades", "payouts", "ledger-movements"].flatMap((kind) => [
        { params: { kind }, query: "from=2020-01-01&to=2099-12-31" },
        { params: { kind }, query: "from=2020-01-01&to=2099-12-31&format=jsonl&mode=live" },
      ]),
  },
  "GET payouts": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{}, { query: "state=Paid" }, { query: "mode=live" }, { query: "from=2020-01-01&to=2099-12-31" }],
  },
  "GET finance": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{}, { query: "mode=live" }, { query: "day=2020-01-01" }],
  },
  "GET webhooks/deliveries": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [{}, { query: `subscription=${a.ids.subscriptionId![0]}` }],
  },
  // Creations and settings: B's own.
  "POST business-users": { kind: "tenant", statuses: [200], calls: () => [{ body: { ...newBusiness, mode: "test" } }] },
  "POST developers/api-keys": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { name: "B's key", mode: "live" } }],
  },
  "POST settings/business-ids": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { allowedBusinessIds: [EXAMPLE_BUSINESS.businessId, "87654321"] } }],
  },
  "POST settings/currency": { kind: "tenant", statuses: [200], calls: () => [{ body: { currency: "EUR" } }] },
  "POST settings/deadlines": {
    kind: "tenant",
    statuses: [200],
    calls: () => [
      {
        body: {
          unpaidExpirySeconds: 7200,
          shipmentDeadlineSeconds: 86400 * 3,
          acceptanceDeadlineSeconds: 86400 * 2,
          returnShipmentDeadlineSeconds: 86400 * 3,
          returnAcceptanceDeadlineSeconds: 86400 * 2,
        },
      },
    ],
  },
  "POST settings/rate-limit": { kind: "tenant", statuses: [200], calls: () => [{ body: { rateLimitPerMinute: 600 } }] },
  "POST settings/hosted-pages": {
    kind: "tenant",
    statuses: [200],
    calls: () => [
      { body: { brandName: "B", brandColor: "#123456", locale: "da", allowedRedirectOrigins: ["https://b.example"] } },
    ],
  },
  // Staff are per tenant: B may invite the addresses of A's members (B's own new members, answered as
  // for any address, saying nothing about A), and A's rows stay untouched. (Until session 6 the
  // addresses were unique across tenants and refused with 400, which told B they had a login.)
  "POST team": {
    kind: "tenant",
    statuses: [200],
    calls: (a) => [
      { body: { email: a.viewerEmail, role: "admin" } },
      { body: { email: a.invitedEmail, role: "viewer" } },
    ],
  },
  "POST webhooks/subscriptions": {
    kind: "tenant",
    statuses: [200],
    calls: () => [{ body: { url: "http://localhost:9/b-hooks", mode: "test" } }],
  },
  // No session needed: the link's token is the credential (any tenant's session is irrelevant). A wrong token is refused.
  "POST invitations/accept": {
    kind: "tenant",
    statuses: [410],
    calls: () => [{ body: { token: "not-a-real-invitation-token", password: "a long enough password" } }],
  },
};

/** Each console page that loads one object, with A's ids for its parameters. */
const PAGES: Record<string, (a: ConsoleWorld) => Record<string, string>[]> = {
  "trades/[tradeId]": (a) => a.ids.tradeId!.map((tradeId) => ({ tradeId })),
  "users/[marketplaceUserId]": (a) => a.ids.marketplaceUserId!.map((marketplaceUserId) => ({ marketplaceUserId })),
  "webhooks/[subscriptionId]": (a) => a.ids.subscriptionId!.map((subscriptionId) => ({ subscriptionId })),
  "webhooks/deliveries/[deliveryId]": (a) => a.ids.deliveryId!.map((deliveryId) => ({ deliveryId })),
  "business-users/[businessId]/[businessLocationId]/edit": () => [{ ...EXAMPLE_BUSINESS }],
};

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
