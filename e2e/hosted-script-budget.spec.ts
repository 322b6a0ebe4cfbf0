// The hosted pages are plain HTML forms: they work without JavaScript, so they send none, and a
// payer's phone has no script to download, parse or run before it can pay (docs/hosted-pages.md,
// "Quality"). Each page's script, external files and inline, is held to its budget here.
import { expect, test } from "@playwright/test";
import { tenantApi } from "./support/api.ts";
import { oneLinkPerHostedPage } from "./support/hosted-links.ts";
import { serveItemImages } from "./support/pages.ts";
import { createE2eTenant } from "./support/tenant.ts";

/** Bytes of script each hosted page may send (decoded): none. docs/hosted-pages.md names it too. */
export const HOSTED_PAGE_SCRIPT_BUDGET_BYTES = 0;

test("every hosted page stays within its script budget", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, createE2eTenant("Script budget"));
  await serveItemImages(page);
  const scripts: { url: string; bytes: number }[] = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    // Recorded at once, its size once the body is in: a script is never missed for being slow.
    const script = { url: response.url(), bytes: 0 };
    scripts.push(script);
    script.bytes = (await response.body().catch(() => Buffer.alloc(0))).length;
  });

  for (const { name, url } of await oneLinkPerHostedPage(api, baseURL!, `budget-${testInfo.project.name}`)) {
    scripts.length = 0;
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    // Inline scripts count by their text; a script element counts even when empty (Next's
    // __NEXT_DATA__ is JSON in one), so a page within a budget of 0 has none at all.
    const elements = await page.evaluate(() =>
      Array.from(document.scripts, (script) => ({ src: script.src, bytes: script.src ? 0 : script.text.length })),
    );
    const bytes = [...scripts, ...elements].reduce((sum, script) => sum + script.bytes, 0);
    const found = [...scripts.map((script) => script.url), ...elements.map((script) => script.src || "inline")];
    expect(bytes, `${name}: ${found.join(", ")}`).toBeLessThanOrEqual(HOSTED_PAGE_SCRIPT_BUDGET_BYTES);
    if (HOSTED_PAGE_SCRIPT_BUDGET_BYTES === 0) expect(found, `${name}: scripts`).toEqual([]);
  }
});
