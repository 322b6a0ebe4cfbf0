// The console on a 360 px phone and at 1280 px (issues 18 and 33), with a screenshot of every page
// at both widths. At 360 px, on every page: nothing scrolls sideways (the page, or a table in its
// box: tables become cards), who is signed in and Sign out are reachable through the Menu button,
// the live-mode notice is one thin line, and the trades filters fold behind a button. At 1280 px:
// every page fits with Sign out in the sidebar, the delivery log's table fits its card with long
// rows, and the overview charts draw every label inside themselves, whole-number ticks on the count.
// axe on every page at both widths.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleSignIn } from "./support/console.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

const LONG_USER = "seller-with-a-long-marketplace-user-id-from-an-old-system-0001";

interface World {
  tenant: E2eTenant;
  tradeId: string;
  buyer: string;
  subscriptionId: string;
}

/** A tenant with a paid trade, a healthy endpoint and one that never answers, and a long user id. */
async function seed(request: Parameters<typeof tenantApi>[0], baseURL: string, receiverUrl: string): Promise<World> {
  const tenant = createE2eTenant("Smalmarkedet");
  const api = tenantApi(request, tenant);
  const subscription = (await api.post("/webhooks/subscriptions", { url: receiverUrl })).json;
  // Nothing listens on port 9: its deliveries stay retrying, with "No answer" and a next attempt.
  await api.post("/webhooks/subscriptions", { url: "http://127.0.0.1:9/webhooks/a-long-path/that-is-never-answered" });
  await api.connect(LONG_USER);
  const { tradeId, buyer } = await sandboxTrade(api, baseURL, "widths", {
    title: "Long title for a narrow screen: road bike with two spare wheels",
  });
  await payIntoEscrow(api, buyer, tradeId);
  return { tenant, tradeId, buyer, subscriptionId: subscription.id };
}

/** Every console page, with the name of its screenshot. */
const pagesOf = (world: World): [path: string, name: string][] => [
  ["/console/overview", "overview"],
  ["/console/trades", "trades"],
  [`/console/trades/${world.tradeId}`, "trade"],
  ["/console/users", "users"],
  [`/console/users/${world.buyer}?mode=test`, "user"],
  ["/console/business-users", "business-users"],
  ["/console/business-users/new", "business-user-new"],
  ["/console/payouts", "payouts"],
  ["/console/finance", "finance"],
  ["/console/exports", "exports"],
  ["/console/webhooks", "webhooks"],
  ["/console/webhooks/new", "webhook-new"],
  [`/console/webhooks/${world.subscriptionId}`, "webhook"],
  ["/console/webhooks/deliveries", "deliveries"],
  ["/console/developers/api-keys", "api-keys"],
  ["/console/developers/logs", "request-log"],
  ["/console/team", "team"],
  ["/console/settings", "settings"],
];

/** Opens a page and waits until its list (if any) has loaded. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.getByText(/^Loading .*…$/)).toHaveCount(0);
}

/** How far the page scrolls sideways, and each table wider than its box (charts' screen-reader tables aside). */
function widths(page: Page) {
  return page.evaluate(() => {
    const scroller = document.scrollingElement!;
    const tables = [...document.querySelectorAll("table")]
      .filter((table) => !table.closest(".sr-only"))
      .map((table) => ({
        name: table.querySelector("caption")?.textContent ?? table.getAttribute("aria-label") ?? "a table",
        width: Math.round(table.getBoundingClientRect().width),
        box: Math.round(table.parentElement!.getBoundingClientRect().width),
      }))
      .filter((t) => t.width > t.box + 1);
    return { beyond: scroller.scrollWidth - scroller.clientWidth, tables };
  });
}

/** The checks every page gets at both widths, and its screenshot. */
async function checkWidths(
  page: Page,
  testInfo: TestInfo,
  [path, name]: [string, string],
  width: number,
  problems: string[],
) {
  const { beyond, tables } = await widths(page);
  expect.soft(beyond, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  expect.soft(tables, `${path}: tables wider than their box at ${width} px`).toEqual([]);
  await checkPage(page, testInfo, `console-${width}-${name}`, problems);
}

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("every console page fits, and the menu shows who is signed in and signs out", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const receiver = await startWebhookReceiver();
    try {
      const world = await seed(request, baseURL!, receiver.url);
      await receiver.waitUntil((d) => d.body.eventName === "trade.created");
      const problems = watchPage(page);
      await consoleSignIn(page, world.tenant.consoleEmail, world.tenant.consolePassword);
      for (const [path, name] of pagesOf(world)) {
        await open(page, path);
        await checkWidths(page, testInfo, [path, name], 360, problems);
        await checkMenu(page, world.tenant.consoleEmail);
        const notice = page.getByRole("note", { name: "Live mode closed" });
        expect.soft((await notice.boundingBox())!.height, `${path}: the live-mode notice is one line`).toBeLessThan(40);
      }
      await checkTradesFirstScreen(page);

      // With the menu open the page is as accessible; Sign out there ends the session.
      await open(page, "/console/overview");
      await page.getByRole("button", { name: "Menu" }).click();
      await checkPage(page, testInfo, "console-360-menu", problems);
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/console\/sign-in/);
    } finally {
      await receiver.close();
    }
  });
});

/** The Menu button opens the sections, who is signed in and Sign out; Escape closes it. */
async function checkMenu(page: Page, email: string) {
  const menu = page.getByRole("button", { name: "Menu" });
  const sections = page.getByRole("navigation", { name: "Console" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(sections).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(sections.getByRole("link", { name: "Trades" })).toBeVisible();
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByText(email, { exact: true })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await expect(sections).toBeHidden();
}

/** The trades list is on the first screen: its filters fold behind a button and stay in the address. */
async function checkTradesFirstScreen(page: Page) {
  await open(page, "/console/trades");
  const filters = page.getByRole("button", { name: /^Filters/ });
  await expect(filters).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("State")).toBeHidden();
  const firstTrade = page.getByRole("link", { name: /Long title for a narrow screen/ });
  const box = (await firstTrade.boundingBox())!;
  expect(box.y + box.height, "the first trade is on the first screen").toBeLessThanOrEqual(740);

  await filters.click();
  await page.getByLabel("State").selectOption("AwaitingShipment");
  await expect(page).toHaveURL(/state=AwaitingShipment/);
  await expect(page.getByRole("row")).toHaveCount(2); // the (hidden) header row and the trade's card
  await page.reload();
  await expect(page.getByRole("button", { name: "Filters 1 set" })).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("row")).toHaveCount(2);
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every console page fits, the delivery log's table fits its card, and the charts' labels are inside them", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const receiver = await startWebhookReceiver();
    try {
      const world = await seed(request, baseURL!, receiver.url);
      await receiver.waitUntil((d) => d.body.eventName === "trade.created");
      const problems = watchPage(page);
      await consoleSignIn(page, world.tenant.consoleEmail, world.tenant.consolePassword);
      for (const [path, name] of pagesOf(world)) {
        await open(page, path);
        await checkWidths(page, testInfo, [path, name], 1280, problems);
        // The sidebar shows who is signed in and Sign out; there is no Menu button.
        await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
        const sidebar = page.getByRole("complementary");
        await expect(sidebar.getByText(world.tenant.consoleEmail, { exact: true })).toBeVisible();
        await expect(sidebar.getByRole("button", { name: "Sign out" })).toBeVisible();
      }
      await checkDeliveryLog(page);
      await checkCharts(page);
    } finally {
      await receiver.close();
    }
  });
});

/** Long rows (a user id, an endpoint that never answers) and the table still fits its card, every column shown. */
async function checkDeliveryLog(page: Page) {
  await open(page, "/console/webhooks/deliveries");
  await expect(page.getByRole("row").filter({ hasText: "No answer" }).first()).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: `user ${LONG_USER}` })
      .first(),
  ).toBeVisible();
  const fit = await page.getByRole("table", { name: "Webhook deliveries" }).evaluate((table) => {
    const card = table.parentElement!.getBoundingClientRect();
    const headings = [...table.querySelectorAll("th")].map((th) => {
      const box = th.getBoundingClientRect();
      return { text: th.textContent, left: Math.round(box.left - card.left), right: Math.round(box.right - card.left) };
    });
    return {
      table: Math.round(table.getBoundingClientRect().width),
      card: Math.round(table.parentElement!.clientWidth),
      cut: headings.filter((h) => h.left < 0 || h.right > card.width + 0.5),
      headings: headings.map((h) => h.text),
    };
  });
  expect(fit.table, "the delivery log's table fits its card").toBeLessThanOrEqual(fit.card);
  expect(fit.cut).toEqual([]);
  expect(fit.headings).toContain("Created");
}

/** Every text of both charts inside its SVG's box; the count chart's ticks are whole numbers. */
async function checkCharts(page: Page) {
  await open(page, "/console/overview");
  const charts = page.locator("figure svg[role=img]");
  await expect(charts).toHaveCount(2);
  for (const chart of await charts.all()) {
    const clipped = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll("text")]
        .map((text) => ({ text: text.textContent, box: text.getBoundingClientRect() }))
        .filter(
          (t) =>
            t.box.left < box.left - 0.5 ||
            t.box.right > box.right + 0.5 ||
            t.box.top < box.top - 0.5 ||
            t.box.bottom > box.bottom + 0.5,
        )
        .map(
          (t) =>
            `${t.text} (${Math.round(t.box.left - box.left)}..${Math.round(t.box.right - box.left)} of ${Math.round(box.width)})`,
        );
    });
    expect(clipped, `${await chart.getAttribute("aria-label")}: labels outside the chart`).toEqual([]);
  }
  const ticks = await page
    .getByRole("img", { name: /^Trades created per day/ })
    .locator("[data-axis=y] text")
    .allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  expect(
    ticks.filter((tick) => !/^\d+$/.test(tick)),
    "the count chart ticks at whole numbers",
  ).toEqual([]);
}
