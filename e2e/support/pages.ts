// What every hosted page must be, checked on each page a test visits: accessible (axe, no serious
// or critical violation), free of CSP violations and script errors, no wider than the screen; and
// a screenshot of it at the project's width (phone 360 px, desktop 1280 px).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/** The tenant's image host in the tests (served by serveItemImages). */
export const ITEM_IMAGES = "https://cdn.marketplace.test/items";

export function watchPage(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/Failed to load resource/.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/** Checks the page as it is now and saves its screenshot as test-results/screenshots/<name>-<project>.png. */
export async function checkPage(page: Page, testInfo: TestInfo, name: string, problems: string[] = []) {
  await page.waitForLoadState("load");
  // After a navigation inside the app (a filter that changes the URL) Next sets the document's
  // title once the new page has rendered; axe ran in between once and found no title. A page that
  // never gets one still fails here.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `accessibility of ${name}`,
  ).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} fits the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(problems, `console errors on ${name}`).toEqual([]);
  await page.screenshot({ path: `test-results/screenshots/${name}-${testInfo.project.name}.png`, fullPage: true });
}

/** The tenant's item photos, as its image host would serve them. */
export async function serveItemImages(page: Page) {
  await page.route(`${ITEM_IMAGES}/**`, (route) => {
    const detail = route.request().url().endsWith("detail.svg");
    const body =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><defs><linearGradient id="g" ` +
      `x1="0" y1="0" x2="1" y2="1"><stop offset="0" ` +
      `stop-color="${detail ? "#fde68a" : "#bae6fd"}"/><stop offset="1" ` +
      `stop-color="${detail ? "#f59e0b" : "#0ea5e9"}"/></linearGradient></defs><rect width="400" ` +
      `height="300" fill="url(#g)"/><g fill="none" stroke="#0f172a" stroke-width="9" ` +
      `stroke-linecap="round" stroke-linejoin="round"><circle cx="110" cy="200" r="58"/><circle ` +
      `cx="290" cy="200" r="58"/><path d="M110 200l60-90h80l40 90M170 110l40 90h-100M230 ` +
      `90h40"/></g></svg>`;
    return route.fulfill({ status: 200, contentType: "image/svg+xml", body });
  });
}

/** Where a form post sent the browser (the Location of its 303), also when that is an app address the browser cannot open. */
export async function formRedirect(page: Page, submit: () => Promise<void>): Promise<string> {
  const response = page.waitForResponse((r) => r.request().method() === "POST" && r.status() === 303);
  await submit();
  return (await response).headers()["location"]!;
}

/**
 * On the simulated bank's page, where our pay button sends the payer (the sandbox's payment rail):
 * pays with the test instrument and answers the bank's or the wallet's confirmation if asked.
 */
export async function payAtSandboxBank(
  page: Page,
  instrument: RegExp = /Visa ending in 4242/,
  answer?: "approve" | "reject",
) {
  await expect(page.getByText("This bank exists only in the sandbox")).toBeVisible();
  await page.getByLabel(instrument).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  if (answer) await page.getByRole("button", { name: answer === "approve" ? "Approve the payment" : "Reject" }).click();
}
