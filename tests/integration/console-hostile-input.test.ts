// Crafted console input that answered 500 (issue 33, finding 6, the second outside probe): days
// that are not calendar days, 1e309 for a day, a NUL in a search, a crafted paging cursor, a NUL in
// a page's path. Each is now a 400 naming the parameter (the console's refusal body), a list from
// the top, or the page's 404. tests/integration/fuzz-console.test.ts looks for more of them.
import { describe, expect, it } from "vitest";
// First: it sets up the Next request scope that console modules need when they load.
import { callConsole, renderConsolePage } from "../helpers/console-request.ts";
import { GET as requestLog } from "../../app/(console)/console/api/developers/request-log/route.ts";
import { GET as exportFile } from "../../app/(console)/console/api/exports/[kind]/route.ts";
import { GET as finance } from "../../app/(console)/console/api/finance/route.ts";
import { GET as payouts } from "../../app/(console)/console/api/payouts/route.ts";
import { GET as trades } from "../../app/(console)/console/api/trades/route.ts";
import { POST as cancelTrade } from "../../app/(console)/console/api/trades/[tradeId]/cancel/route.ts";
import { GET as users } from "../../app/(console)/console/api/users/route.ts";
import { GET as deliveries } from "../../app/(console)/console/api/webhooks/deliveries/route.ts";
import UserPage from "../../app/(console)/console/(app)/users/[marketplaceUserId]/page.tsx";
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

async function admin() {
  const tenant = await freshTenant();
  const staff = await db.staffUser.findFirstOrThrow({ where: { tenantId: tenant.tenantId, role: "admin" } });
  return { tenantId: tenant.tenantId, staffId: staff.id };
}

type Handler = Parameters<typeof callConsole>[0];

async function get(handler: Handler, staffId: string, path: string, params: Record<string, string> = {}) {
  return callConsole(handler, { method: "GET", path, staffId, params });
}

/** The console's refusal: 400 validation-error naming exactly `keys`. */
function expectRefused(result: Awaited<ReturnType<typeof get>>, keys: string[]) {
  expect(result.status, JSON.stringify(result.json)).toBe(400);
  expect(result.json.code).toBe("validation-error");
  expect(typeof result.json.error).toBe("string");
  expect(result.json.errors.map((e: { key: string }) => e.key).sort()).toEqual([...keys].sort());
}

describe("crafted console input", () => {
  it("refuses a day that is not a calendar day, instead of failing (500)", async () => {
    const { staffId } = await admin();
    expectRefused(await get(payouts, staffId, "/console/api/payouts?from=2026-13-45"), ["from"]);
    expectRefused(await get(payouts, staffId, "/console/api/payouts?to=0000-01-01"), ["to"]);
    expectRefused(await get(finance, staffId, "/console/api/finance?day=1e309"), ["day"]);
    expectRefused(await get(finance, staffId, "/console/api/finance?day=2026-02-31"), ["day"]);
    expectRefused(await get(trades, staffId, "/console/api/trades?from=2026-02-31&to=0000-01-01"), ["from", "to"]);
    const exported = await get(exportFile, staffId, "/console/api/exports/trades?from=2026-02-31&to=2026-03-01", {
      kind: "trades",
    });
    expectRefused(exported, ["from"]);
    // Real days still work, and other values that do not parse still fall back to their defaults.
    expect((await get(payouts, staffId, "/console/api/payouts?from=2026-02-28&to=2026-03-01&state=Nope")).status).toBe(
      200,
    );
    expect((await get(finance, staffId, "/console/api/finance?day=2024-02-29&mode=prod")).json.day).toBe("2024-02-29");
  });

  it("refuses a NUL character in a search or any other query value, naming it", async () => {
    const { staffId } = await admin();
    expectRefused(await get(trades, staffId, "/console/api/trades?q=a%00b"), ["q"]);
    expectRefused(await get(users, staffId, "/console/api/users?q=a%00b"), ["q"]);
    expectRefused(await get(payouts, staffId, "/console/api/payouts?trade=%00"), ["trade"]);
    expectRefused(await get(requestLog, staffId, "/console/api/developers/request-log?path=a%00&correlationId=%00"), [
      "path",
      "correlationId",
    ]);
    expectRefused(await get(deliveries, staffId, "/console/api/webhooks/deliveries?trade=a%00b"), ["trade"]);
  });

  it("refuses a NUL character in a path parameter, and changes nothing", async () => {
    const { tenantId, staffId } = await admin();
    const trade = await insertTrade(tenantId);
    const result = await callConsole(cancelTrade, {
      method: "POST",
      path: "/console/api/trades/a%00b/cancel",
      params: { tradeId: "a\u0000b" },
      staffId,
      body: { state: "Created" },
    });
    expectRefused(result, ["tradeId"]);
    expect((await db.trade.findUniqueOrThrow({ where: { id: trade.id } })).state).toBe(trade.state);
  });

  it("starts a list at the top for a crafted paging cursor, as for any cursor that does not parse", async () => {
    const { tenantId, staffId } = await admin();
    await insertTrade(tenantId);
    const cursor = (value: unknown[]) => Buffer.from(JSON.stringify(value)).toString("base64url");
    for (const [sort, crafted] of [
      ["created", ["1", "x"]], // a time JavaScript reads and PostgreSQL does not
      ["created", ["0000-01-01T00:00:00.000Z", "x"]],
      ["created", ["2026-11-10T12:00:00.000Z", "a\u0000b"]],
      ["amount", ["99999999999999999999", "x"]], // past bigint
    ] as const) {
      const result = await get(trades, staffId, `/console/api/trades?sort=${sort}&after=${cursor([...crafted])}`);
      expect(result.status, `${sort} ${JSON.stringify(crafted)}: ${JSON.stringify(result.json)}`).toBe(200);
      expect(result.json.trades).toHaveLength(1);
    }
  });

  it("answers a page's 404 for a NUL in its path, where the lookup failed the page", async () => {
    const { staffId } = await admin();
    const params = { marketplaceUserId: "a%00b" }; // as Next hands a page its segment
    const page = UserPage as Parameters<typeof renderConsolePage>[0];
    expect(await renderConsolePage(page, "/console/users/a%00b", staffId, params)).toBe("not-found");
  });
});
