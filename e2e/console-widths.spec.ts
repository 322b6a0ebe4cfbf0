// The console on a 360 px phone (issue 18): every page fits the screen, nothing scrolls sideways
// (wide tables scroll inside their own box, which is fine); the widest offender is named.
import { expect, test, type Page } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleSignIn } from "./support/console.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { createE2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** The page's width beyond the screen, and the elements that stick out furthest. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Inside a box that scrolls (or clips) sideways, an element may be wider: the page is not.
    const insideScroller = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const beyond = document.documentElement.scrollWidth - width;
    const culprits =
      beyond > 0
        ? [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > width + 1 && !insideScroller(el))
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${(el.className || "").toString().split(" ").slice(0, 3).join(".")} ` +
                `right=${Math.round(el.getBoundingClientRect().right)}`,
            )
            .slice(0, 6)
        : [];
    if (beyond > 0 && !culprits.length) {
      // Nothing outside a scroller: then something positioned escapes its scroller.
      culprits.push(
        ...[...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== "static")
          .map(
            (el) =>
              `${el.tagName.toLowerCase()}.${(el.className || "").toString().split(" ").slice(0, 4).join(".")} ` +
              `(${getComputedStyle(el).position}) right=${Math.round(el.getBoundingClientRect().right)}`,
          )
          .slice(0, 6),
      );
    }
    return { beyond, culprits };
  });
}

test("every console page fits a 360 px screen", async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const tenant = createE2eTenant("Smalmarkedet");
  const api = tenantApi(request, tenant);
  const receiver = await startWebhookReceiver();
  try {
    const subscription = (await api.post("/webhooks/subscriptions", { url: receiver.url })).json;
    const { tradeId, buyer } = await sandboxTrade(api, baseURL!, "narrow", {
      title: "Long title for a narrow screen: road bike with two spare wheels",
    });
    await payIntoEscrow(api, buyer, tradeId);
    await receiver.waitUntil((d) => d.body.eventName === "trade.created");

    await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
    const pages = [
      "/console/overview",
      "/console/trades",
      `/console/trades/${tradeId}`,
      "/console/users",
      `/console/users/${buyer}?mode=test`,
      "/console/business-users",
      "/console/business-users/new",
      "/console/payouts",
      "/console/finance",
      "/console/exports",
      "/console/webhooks",
      "/console/webhooks/new",
      `/console/webhooks/${subscription.id}`,
      "/console/developers/api-keys",
      "/console/developers/logs",
      "/console/team",
      "/console/settings",
    ];
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const { beyond, culprits } = await overflow(page);
      await page.screenshot({
        path: `test-results/screenshots/console-narrow${path.replace(/[^a-z]+/g, "-").replace(/-$/, "")}.png`,
        fullPage: true,
      });
      if (beyond > 0) problems.push(`${path}: ${beyond} px too wide (${culprits.join("; ")})`);
    }
    expect(problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});
