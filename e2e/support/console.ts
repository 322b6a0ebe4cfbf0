// Signing in to the tenant console in a Playwright page, as staff do.
import { expect, type Page } from "@playwright/test";

export async function consoleSignIn(page: Page, email: string, password: string) {
  await page.goto("/console/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/console\/sign-in/);
}

/** Headers a console change needs when a test calls the server directly (same origin). */
export const consoleOrigin = (baseURL: string) => ({ Origin: baseURL });
