// A viewer walks every section of the console: sees the data, is offered no change, and every
// change endpoint of the console refuses them when called directly. The endpoints are found on
// disk (every route under app/(console)/console/api that accepts a change), so a new endpoint
// is covered the day it is added.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleOrigin, consoleSignIn } from "./support/console.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { addE2eStaff, createE2eTenant } from "./support/tenant.ts";

const API_DIR = "app/(console)/console/api";
/** Reached without a session on purpose: the invitee has none yet (the link's token is the credential). */
const PUBLIC_CHANGES = new Set(["invitations/accept"]);

function changeEndpoints(dir = API_DIR): { route: string; methods: string[] }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return changeEndpoints(full);
    if (entry.name !== "route.ts") return [];
    const methods = [
      ...readFileSync(full, "utf8").matchAll(/export (?:const|async function) (POST|PUT|PATCH|DELETE)\b/g),
    ].map((m) => m[1]!);
    const route = path.relative(API_DIR, path.dirname(full)).split(path.sep).join("/");
    return methods.length && !PUBLIC_CHANGES.has(route) ? [{ route, methods }] : [];
  });
}

/**
 * Counts the page's requests in flight, so that a test can wait until none has been for half a
 * second: "networkidle" for client-side navigations, after which lists have their rows.
 */
function watchNetwork(page: Page) {
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on("request", () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const ended = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    settled: () =>
      expect
        .poll(() => inFlight <= 0 && Date.now() - lastActivity >= 500, { timeout: 15_000, intervals: [100] })
        .toBe(true),
  };
}

/** What would change something visible if a refusal failed. */
const CHANGE_CONTROLS =
  /^(Add|Create|Save|Invite|Delete|Revoke|Cancel trade|Rotate|Disable|Enable|Send test|Redeliver|Edit|Release|Refund|Make)/;

test("a viewer sees every section, is offered no change, and every change endpoint refuses them", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  // Every console section and every change endpoint: 56 s of the default 60 on a slow 2-core
  // machine (2026-11-29).
  test.setTimeout(120_000);
  const tenant = createE2eTenant("Læsemarkedet", { businessIds: ["12345678"] });
  const api = tenantApi(request, tenant);
  const { tradeId, buyer } = await sandboxTrade(api, baseURL!, "viewer-walk", { referenceId: "order-viewer" });
  await payIntoEscrow(api, buyer, tradeId);
  const subscription = (
    await api.post("/webhooks/subscriptions", { url: "http://127.0.0.1:9/hooks", events: ["trade.created"] })
  ).json;
  const viewer = addE2eStaff(tenant.tenantId, "viewer");

  const problems = watchPage(page);
  const network = watchNetwork(page);
  await consoleSignIn(page, viewer.email, viewer.password);
  await expect(page.getByText("Viewer (read only)")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Console" });
  const sections = await nav.getByRole("link").allInnerTexts();
  expect(sections).toEqual([
    "Overview",
    "Trades",
    "Users",
    "Business users",
    "Payouts",
    "Finance",
    "Exports",
    "Webhooks",
    "Developers",
    "Team",
    "Settings",
  ]);
  let previousHeading = "";
  for (const section of sections) {
    await nav.getByRole("link", { name: section, exact: true }).click();
    await expect(nav.getByRole("link", { name: section, exact: true })).toHaveAttribute("aria-current", "page");
    // The section's own page is on screen (the nav may mark it before the page arrives).
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).not.toHaveText(previousHeading);
    previousHeading = await heading.innerText();
    // Lists fetch their rows after a client-side navigation: wait until they are in.
    await network.settled();
    await expect(page.getByRole("main").getByText(/^Loading/)).toHaveCount(0);
    const offered = (await page.getByRole("main").getByRole("button").allInnerTexts()).filter((name) =>
      CHANGE_CONTROLS.test(name.trim()),
    );
    expect(offered, `change buttons a viewer sees on ${section}`).toEqual([]);
    await checkPage(page, testInfo, `console-viewer-${section.toLowerCase().replace(/ /g, "-")}`, problems);
  }
  // A viewer may download exports: the signed-in tenant's trades of today, the paid one among them.
  const today = new Date().toISOString().slice(0, 10);
  const file = await page.request.get(`/console/api/exports/trades?mode=test&from=${today}&to=${today}`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="trades-test-/);
  expect(await file.text()).toContain(tradeId);
  await page.goto(`/console/trades/${tradeId}`);
  await expect(page.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();
  expect(
    (await page.getByRole("main").getByRole("button").allInnerTexts()).filter((name) =>
      CHANGE_CONTROLS.test(name.trim()),
    ),
  ).toEqual([]);

  // Every change endpoint, called directly with the viewer's session from the console's origin.
  const ids: Record<string, string> = {
    tradeId,
    subscriptionId: subscription.id,
    eventId: "x",
    tokenId: "x",
    staffId: "x",
    businessId: "12345678",
    businessLocationId: "1000000009",
  };
  const endpoints = changeEndpoints();
  expect(endpoints.length).toBeGreaterThanOrEqual(20);
  for (const { route, methods } of endpoints) {
    const url = `/console/api/${route.replace(/\[(\w+)\]/g, (_, name: string) => ids[name] ?? "x")}`;
    for (const method of methods) {
      const response = await page.request.fetch(url, { method, data: {}, headers: consoleOrigin(baseURL!) });
      expect(response.status(), `${method} ${url}`).toBe(403);
    }
  }
  // Nothing changed: the trade is still paid and waiting, the endpoint still on, the token works.
  expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
  const after = (await api.get(`/webhooks/subscriptions/${subscription.id}`)).json;
  expect(after).toMatchObject({ enabled: true, url: "http://127.0.0.1:9/hooks" });
  expect((await api.get("/webhooks/subscriptions")).status).toBe(200);
});
