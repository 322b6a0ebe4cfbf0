// The API reference: /docs is an index with a search, and each operation, webhook event and schema
// has a page of its own; the one-page reference's anchors (/docs#getTrades) forward to those pages.
import { expect, test } from "@playwright/test";
import { checkPage, watchPage } from "./support/pages.ts";

// /docs must stay quick on a phone (Lighthouse mobile Performance ≥ 90, issue 18). Its weight is what
// decides that, and unlike a timing it is the same on every run: the one-page reference that scored
// 49 had 48,879 elements and 10 MB of HTML; the index has ~550 elements and ~46 kB (no framework data since it moved to the Pages Router).
const MAX_ELEMENTS = 1_000;
const MAX_HTML_BYTES = 180_000;

test("/docs lists the operations with their paths", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const summary of ["Initiate user connect", "Get user details", "Sandbox: connect a user"]) {
    await expect(page.getByRole("heading", { name: summary }).first()).toBeVisible();
  }
  await expect(page.getByText("/v1/marketplace/users/{marketplaceUserId}").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "trade.created" })).toBeVisible();
  await expect(page.getByRole("link", { name: "ErrorRecord" })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/docs.png", fullPage: false });
});

test("/docs stays within its weight budget", async ({ page, request }) => {
  const html = await (await request.get("/docs")).text();
  expect(Buffer.byteLength(html), "bytes of HTML").toBeLessThan(MAX_HTML_BYTES);
  await page.goto("/docs");
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  expect(elements, "DOM elements").toBeLessThan(MAX_ELEMENTS);
});

test("an operation's page holds its parameters, answers and examples", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: /Get user details/ }).click();
  await expect(page).toHaveURL(/\/docs\/operations\/getUserDetails$/);
  await expect(page.getByRole("heading", { level: 1, name: "Get user details" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Parameters", exact: true })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /marketplaceUserId/ })).toBeVisible();
  await expect(page.getByText("Example request")).toBeVisible();
  await page.getByRole("link", { name: "UserDetails", exact: true }).first().click();
  await expect(page).toHaveURL(/\/docs\/schemas\/UserDetails$/);
  await expect(page.getByRole("heading", { level: 1, name: "UserDetails" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Get user details/ })).toBeVisible();
});

test("a webhook event's page shows its body", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: "trade.created" }).click();
  await expect(page).toHaveURL(/\/docs\/webhooks\/trade\.created$/);
  await expect(page.getByRole("heading", { level: 1, name: "trade.created" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Body", exact: true })).toBeVisible();
  await expect(page.getByText("Example body")).toBeVisible();
});

test("the one-page reference's anchors forward to the page that holds them", async ({ page }) => {
  const forwards: [string, RegExp][] = [
    ["getUserDetails", /\/docs\/operations\/getUserDetails$/],
    ["getUserDetails-parameters", /\/docs\/operations\/getUserDetails#getUserDetails-parameters$/],
    ["schema-ErrorRecord", /\/docs\/schemas\/ErrorRecord$/],
    ["errors", /\/docs\/errors$/],
  ];
  for (const [anchor, target] of forwards) {
    await page.goto(`/docs#${anchor}`);
    await expect(page).toHaveURL(target);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // The index's own sections stay where they are.
  await page.goto("/docs#tag-trades");
  await expect(page.getByRole("heading", { level: 2, name: "Trades", exact: true })).toBeInViewport();
  await expect(page).toHaveURL(/\/docs#tag-trades$/);
});

test("the search narrows the index and Enter opens the first match", async ({ page }) => {
  await page.goto("/docs");
  const search = page.getByRole("searchbox", { name: "Search the reference" });
  await search.fill("payout");
  await expect(page.getByText(/\d+ matches/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "List payouts" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Initiate trade" })).toBeHidden();
  await expect(page.getByRole("link", { name: "payout.paid" })).toBeVisible();
  await search.fill("no such thing");
  await expect(page.getByText("Nothing matches “no such thing”.")).toBeVisible();
  await search.fill("cancel trade");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/docs\/operations\/cancelOngoingTrade$/);
});

test("every entry of the index opens a page", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto("/docs");
  const hrefs = await page
    .locator("[data-entry] a")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(100);
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
  }
  expect((await request.get("/docs/operations/noSuchOperation")).status()).toBe(404);
  expect((await request.get("/docs/schemas/NoSuchSchema")).status()).toBe(404);
});

test("the reference's pages are accessible and fit a phone", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const problems = watchPage(page);
  const pages: [string, string][] = [
    ["/docs", "docs-index"],
    ["/docs/operations/getTradeDetails", "docs-operation"],
    ["/docs/webhooks/trade.created", "docs-webhook"],
    ["/docs/schemas/Trade", "docs-schema"],
    ["/docs/errors", "docs-errors"],
  ];
  for (const [path, name] of pages) {
    await page.goto(path);
    await checkPage(page, testInfo, name, problems);
  }
});
