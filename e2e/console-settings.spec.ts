// Settings and team in the tenant console: an admin changes a deadline, the brand colour and the
// redirect origins (a bad origin is refused next to its field, and nothing is saved) and the API
// rate limit (within its bounds), invites a
// viewer by link; the viewer sets a password in another browser, sees the settings read-only and
// is refused every change, also when calling the server directly; the admin signs them out of
// every browser, then disables them, and each time their session ends at once; last the admin
// signs themselves out everywhere.
import { expect, test } from "@playwright/test";
import { consoleOrigin, consoleSignIn } from "./support/console.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant } from "./support/tenant.ts";

const VIEWER_PASSWORD = "plum tram lantern 42";

test("an admin changes settings and invites a viewer, who can only look until disabled", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two browsers through every settings form and the whole team's life: on a slow 2-core machine
  // (2026-11-29) it ran out of the default 60 s at its last steps, with every page right.
  test.setTimeout(120_000);
  const tenant = createE2eTenant("Indstillingsmarkedet", { rateLimitPerMinute: 1200 });
  const problems = watchPage(page);
  await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);

  await page.goto("/console/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Fee agreement" })).toContainText("Read only");
  await checkPage(page, testInfo, "console-settings", problems);

  // A deadline, in days.
  const deadlines = page.getByRole("region", { name: "Deadlines" });
  await deadlines.getByLabel("Seller ships within", { exact: true }).fill("3");
  await deadlines.getByRole("button", { name: "Save deadlines" }).click();
  await expect(deadlines.getByRole("status")).toHaveText("Saved");

  // Brand colour with its contrast check, and a redirect origin that is not an origin.
  const hosted = page.getByRole("region", { name: "Hosted pages" });
  await hosted.getByLabel("Brand colour", { exact: true }).fill("#0f766e");
  await expect(hosted).toContainText("passes WCAG AA");
  await hosted.getByRole("button", { name: "+ Add redirect origin" }).click();
  await hosted.getByLabel("Redirect origin 1", { exact: true }).fill("https://shop.example/checkout");
  await hosted.getByRole("button", { name: "Save hosted pages" }).click();
  await expect(hosted.getByRole("alert")).toContainText("Nothing was saved");
  await expect(hosted.getByLabel("Redirect origin 1", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(hosted).toContainText("no path");
  await checkPage(page, testInfo, "console-settings-error", problems);

  // Refused means nothing changed: the colour is not saved either.
  await page.reload();
  await expect(hosted.getByLabel("Brand colour", { exact: true })).toHaveValue("");
  await expect(deadlines.getByLabel("Seller ships within", { exact: true })).toHaveValue("3");
  await hosted.getByLabel("Brand colour", { exact: true }).fill("#0f766e");
  await hosted.getByRole("button", { name: "+ Add redirect origin" }).click();
  await hosted.getByLabel("Redirect origin 1", { exact: true }).fill("https://shop.example/");
  await hosted.getByRole("button", { name: "+ Add redirect origin" }).click();
  await hosted.getByLabel("Redirect origin 2", { exact: true }).fill("yourapp://");
  await hosted.getByRole("button", { name: "Save hosted pages" }).click();
  await expect(hosted.getByRole("status")).toHaveText("Saved");
  await expect(hosted.getByLabel("Redirect origin 1", { exact: true })).toHaveValue("https://shop.example");
  await page.reload();
  await expect(hosted.getByLabel("Brand colour", { exact: true })).toHaveValue("#0f766e");
  await expect(hosted.getByLabel("Redirect origin 2", { exact: true })).toHaveValue("yourapp://");

  // The API rate limit: below the console's bounds is refused next to the field, within is saved.
  const limits = page.getByRole("region", { name: "API rate limit" });
  const perMinute = limits.getByLabel("Requests per minute, per token", { exact: true });
  await expect(perMinute).toHaveValue("1200");
  await perMinute.fill("10");
  await limits.getByRole("button", { name: "Save API rate limit" }).click();
  await expect(limits.getByRole("alert")).toContainText("Nothing was saved");
  await expect(limits).toContainText("At least 60 a minute.");
  await expect(perMinute).toHaveAttribute("aria-invalid", "true");
  await perMinute.fill("3000");
  await limits.getByRole("button", { name: "Save API rate limit" }).click();
  await expect(limits.getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(perMinute).toHaveValue("3000");

  // Where the tenant's fees are paid: saved only with the terms accepted, then shown masked.
  const fees = page.getByRole("region", { name: "Your fees' payout account" });
  await fees.getByLabel("IBAN or Danish account number", { exact: true }).fill("DK50 0040 0440 1162 43");
  await fees.getByRole("button", { name: "Save your fees' payout account" }).click();
  await expect(fees.getByRole("alert")).toContainText("Nothing was saved");
  await expect(fees).toContainText("Accept the terms of receiving payouts");
  await fees.getByRole("checkbox").check();
  await fees.getByRole("button", { name: "Save your fees' payout account" }).click();
  await expect(fees.getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(fees).toContainText("the account ending in 6243");

  // Invite a viewer.
  await page.goto("/console/team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await checkPage(page, testInfo, "console-team", problems);
  const viewerEmail = `viewer-${Date.now()}@e2e.example`;
  await page.getByRole("button", { name: "Invite member" }).click();
  const invite = page.getByRole("dialog");
  await invite.getByLabel("Email").fill(viewerEmail);
  await invite.getByLabel("Name").fill("Vera Viewer");
  await invite.getByRole("button", { name: "Create invitation" }).click();
  await expect(invite.getByRole("heading", { name: "Invitation ready" })).toBeVisible();
  const link = await invite.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/console\/invite\/[\w-]{43}$/);
  await checkPage(page, testInfo, "console-team-invite", problems);
  await invite.getByRole("button", { name: "Done" }).click();
  const row = page.getByRole("row").filter({ hasText: viewerEmail });
  await expect(row).toContainText("Invited");

  // The invitee, in their own browser.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  const viewerProblems = watchPage(viewer);
  await viewer.goto(link);
  await expect(viewer.getByRole("heading", { name: /Join .*console/ })).toBeVisible();
  await checkPage(viewer, testInfo, "console-invite-accept", viewerProblems);
  await viewer.getByLabel("Password", { exact: true }).fill(VIEWER_PASSWORD);
  await viewer.getByLabel("Repeat the password").fill(VIEWER_PASSWORD);
  await viewer.getByRole("button", { name: "Set password and sign in" }).click();
  await expect(viewer).toHaveURL(/\/console\/trades/);

  // Single use: the link is spent.
  await viewer.goto(link);
  await expect(viewer.getByRole("heading", { name: "This invitation link no longer works" })).toBeVisible();

  // The viewer signs in with the new password and sees the settings read-only.
  await viewerContext.clearCookies();
  await consoleSignIn(viewer, viewerEmail, VIEWER_PASSWORD);
  await viewer.goto("/console/settings");
  await expect(viewer.getByText("You are a viewer")).toBeVisible();
  await expect(viewer.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await expect(viewer.getByRole("textbox")).toHaveCount(0);
  await expect(viewer.getByRole("region", { name: "Deadlines" })).toContainText("3 days");
  await expect(viewer.getByRole("region", { name: "Hosted pages" })).toContainText("#0f766e");
  await expect(viewer.getByRole("region", { name: "Hosted pages" })).toContainText("yourapp://");
  await expect(viewer.getByRole("region", { name: "API rate limit" })).toContainText("3,000");
  await checkPage(viewer, testInfo, "console-settings-viewer", viewerProblems);
  await viewer.goto("/console/team");
  await expect(viewer.getByRole("button", { name: "Invite member" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Disable" })).toHaveCount(0);

  // Calling the server directly: 403, and nothing changes.
  const headers = consoleOrigin(baseURL!);
  const day = 86_400;
  const posts: [string, unknown][] = [
    [
      "/console/api/settings/deadlines",
      {
        unpaidExpirySeconds: day,
        shipmentDeadlineSeconds: day,
        acceptanceDeadlineSeconds: day,
        returnShipmentDeadlineSeconds: day,
        returnAcceptanceDeadlineSeconds: day,
      },
    ],
    [
      "/console/api/settings/hosted-pages",
      { brandName: "Hacked", brandColor: "#ff0000", locale: "en", allowedRedirectOrigins: ["https://evil.example"] },
    ],
    ["/console/api/settings/currency", { currency: "EUR" }],
    ["/console/api/settings/business-ids", { allowedBusinessIds: ["66666666"] }],
    ["/console/api/settings/rate-limit", { rateLimitPerMinute: 6000 }],
    ["/console/api/team", { email: `sneaky-${Date.now()}@e2e.example`, role: "admin" }],
  ];
  for (const [path, data] of posts) {
    const response = await viewer.request.post(path, { headers, data });
    expect(response.status(), path).toBe(403);
  }
  await viewer.goto("/console/settings");
  await expect(viewer.getByRole("region", { name: "Deadlines" })).toContainText("3 days");
  await expect(viewer.getByRole("region", { name: "Hosted pages" })).not.toContainText("evil.example");
  await expect(viewer.getByRole("region", { name: "Currency" })).toContainText("DKK");
  await expect(viewer.getByRole("region", { name: "API rate limit" })).toContainText("3,000");

  // The admin signs the viewer out of every browser (a lost laptop): the viewer's next click finds
  // no session, and their password still signs them in.
  await page.reload();
  await row.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("dialog")).toContainText("Every browser where they are signed in");
  await page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await viewer.goto("/console/settings");
  await expect(viewer).toHaveURL(/\/console\/sign-in/);
  await consoleSignIn(viewer, viewerEmail, VIEWER_PASSWORD);
  await viewer.goto("/console/settings");
  await expect(viewer.getByText("You are a viewer")).toBeVisible();

  // The admin disables the viewer: their session ends at once.
  await row.getByRole("button", { name: "Disable" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  await viewer.reload();
  await expect(viewer).toHaveURL(/\/console\/sign-in/);
  expect(
    (await viewer.request.post("/console/api/settings/currency", { headers, data: { currency: "EUR" } })).status(),
  ).toBe(401);
  await viewerContext.close();

  // Finally the admin signs themselves out everywhere: this browser goes to the sign-in page.
  const you = page.getByRole("row").filter({ hasText: "That’s you" });
  await you.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("dialog")).toContainText("this one included");
  await page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/console\/sign-in/);
});
