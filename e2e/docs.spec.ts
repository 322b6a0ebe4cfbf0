// The API reference page renders the OpenAPI document.
import { expect, test } from "@playwright/test";

test("/docs lists the operations with their paths", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const summary of ["Initiate user connect", "Get user details", "Sandbox: connect a user"]) {
    await expect(page.getByRole("heading", { name: summary }).first()).toBeVisible();
  }
  await expect(page.getByText("/v1/marketplace/users/{marketplaceUserId}").first()).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/docs.png", fullPage: false });
});
