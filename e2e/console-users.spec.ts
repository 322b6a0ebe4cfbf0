// The console's users and business users as staff use them: find a connected user and see their
// trades; an admin adds, edits and deletes a business user (a business id off the whitelist is
// refused in plain words); a viewer sees no change controls, and posting directly is refused.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleOrigin, consoleSignIn } from "./support/console.ts";
import { payIntoEscrow } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { addE2eStaff, createE2eTenant, type E2eTenant } from "./support/tenant.ts";

const SANDBOX_ACCOUNT = "DK5000400440116243"; // what the sandbox connect gives every user
const CVR = "12345678";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Brugtmarkedet", { businessIds: [CVR, "87654321"] });
});

const business = (overrides: Record<string, unknown> = {}) => ({
  businessId: CVR,
  businessLocationId: "1000000009",
  name: "Genbrug Aarhus ApS",
  phoneNumber: "+4586123456",
  address: { streetName: "Mejlgade", houseNumber: "40", postNumber: "8000", city: "Aarhus C" },
  payoutsAccountNumber: "DK8930000000123456",
  ...overrides,
});

test("staff find a connected user and open their trades", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, "users-a");
  await payIntoEscrow(api, buyer, tradeId);
  await sandboxTrade(api, baseURL!, "users-b", { title: "Teak sideboard", payeeMarketplaceUserId: seller });
  await api.connect("users-high", 2);

  const problems = watchPage(page);
  await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto("/console/users");
  const table = page.getByRole("table", { name: "Connected users" });
  await expect(table.getByRole("row")).toHaveCount(6); // the header and five users
  await expect(table.getByRole("row", { name: new RegExp(seller) })).toContainText("2");
  await checkPage(page, testInfo, "console-users", problems);

  await page.getByLabel("KYC level").selectOption("2");
  await expect(page).toHaveURL(/kyc=2/);
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("users-high");
  await page.getByLabel("KYC level").selectOption("");
  await page.getByLabel("Search").fill(seller);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${seller}`));
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: seller }).click();

  await expect(page.getByRole("heading", { level: 1, name: seller })).toBeVisible();
  await expect(page.getByRole("region", { name: "Profile" })).toContainText("0 as buyer · 2 as seller");
  const payout = page.getByRole("region", { name: "Payout accounts" });
  await expect(payout).toContainText("•••• 6243");
  expect(await page.content()).not.toContain(SANDBOX_ACCOUNT);
  const trades = page.getByRole("region", { name: "Trades", exact: true });
  await expect(trades.getByRole("row")).toHaveCount(3);
  await expect(trades.getByRole("row", { name: /Vintage road bike/ })).toContainText("Awaiting shipment");
  await expect(trades.getByRole("row", { name: /Teak sideboard/ })).toContainText("Created");
  await checkPage(page, testInfo, "console-user", problems);

  await trades.getByRole("link", { name: /^Awaiting shipment: open Vintage road bike/ }).click();
  await expect(page).toHaveURL(new RegExp(`/console/trades/${tradeId}$`));
  await expect(page.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();

  await page.goto("/console/users/no-such-user?mode=test");
  await expect(page.getByRole("heading", { level: 1, name: "no-such-user" })).toHaveCount(0);
});

test("an admin adds, edits and deletes a business user; a business id off the whitelist is refused", async ({
  page,
  request,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const problems = watchPage(page);
  await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto("/console/business-users");
  const whitelist = page.getByRole("note", { name: "Business id whitelist" });
  await expect(whitelist).toContainText(CVR);
  await expect(whitelist).toContainText("87654321");
  await expect(page.getByText("No test-mode business users yet")).toBeVisible();
  await checkPage(page, testInfo, "console-business-users-empty", problems);

  await page.getByRole("link", { name: "Add business user" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add business user" })).toBeVisible();
  await checkPage(page, testInfo, "console-business-user-form", problems);

  // Field checks before anything is sent.
  await page.getByLabel("Name", { exact: true }).fill("X");
  await page.getByRole("button", { name: "Add business user" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Check the highlighted fields.");
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Use at least 2 characters")).toBeVisible();
  await checkPage(page, testInfo, "console-business-user-form-errors", problems);

  await page.getByLabel("Business id (CVR)").fill("99999999");
  await page.getByLabel("Business location id (P-number)").fill("1000000009");
  await page.getByLabel("Name", { exact: true }).fill("Genbrug Aarhus ApS");
  await page.getByLabel("Phone number").fill("+4586123456");
  await page.getByLabel("Street", { exact: true }).fill("Mejlgade");
  await page.getByLabel("House number").fill("40");
  await page.getByLabel("Postal code").fill("8000");
  await page.getByLabel("City", { exact: true }).fill("Aarhus C");
  await page.getByLabel("Account number").fill("DK89 3000 0000 1234 56");
  await page.getByRole("button", { name: "Add business user" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "The business id 99999999 is not on your whitelist, so it cannot be used. Whitelisted: 12345678, 87654321.",
  );
  await expect(page.getByLabel("Business id (CVR)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Not on your whitelist", { exact: true })).toBeVisible();
  await checkPage(page, testInfo, "console-business-user-form-refused", problems);

  await page.getByLabel("Business id (CVR)").fill(CVR);
  await page.getByRole("button", { name: "Add business user" }).click();
  await expect(page).toHaveURL(/\/console\/business-users\?mode=test&notice=created/);
  await expect(page.getByRole("status")).toHaveText("Genbrug Aarhus ApS was added.");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2); // the refused one was not created
  const row = page.getByRole("row", { name: /Genbrug Aarhus ApS/ });
  await expect(row).toContainText("•••• 3456");
  expect(await page.content()).not.toContain("DK89 3000 0000 1234 56");
  await checkPage(page, testInfo, "console-business-users", problems);
  const created = await api.get(`/marketplace/business-users/${CVR}/1000000009`);
  expect(created.json).toMatchObject({
    name: "Genbrug Aarhus ApS",
    phoneNumber: "+4586123456",
    address: { streetName: "Mejlgade", city: "Aarhus C" },
    bankAccount: { accountNumber: "DK89 3000 0000 1234 56" },
  });

  // Edit: the account stays when left empty.
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Genbrug Aarhus ApS" })).toBeVisible();
  await expect(page.getByText("Now •••• 3456. Leave empty to keep it.")).toBeVisible();
  await checkPage(page, testInfo, "console-business-user-edit", problems);
  await page.getByLabel("Name", { exact: true }).fill("Genbrug Aarhus A/S");
  await page.getByLabel("Street", { exact: true }).fill("Klostergade");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText("Genbrug Aarhus A/S was saved.");
  const edited = await api.get(`/marketplace/business-users/${CVR}/1000000009`);
  expect(edited.json).toMatchObject({
    name: "Genbrug Aarhus A/S",
    address: { streetName: "Klostergade" },
    bankAccount: { accountNumber: "DK89 3000 0000 1234 56" },
  });

  // Delete, after confirming.
  await page
    .getByRole("row", { name: /Genbrug Aarhus A\/S/ })
    .getByRole("button", { name: "Delete" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete Genbrug Aarhus A/S?" });
  await expect(dialog).toContainText(`Business id ${CVR}, location 1000000009 will no longer receive payouts.`);
  await checkPage(page, testInfo, "console-business-user-delete", problems);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  expect((await api.get(`/marketplace/business-users/${CVR}/1000000009`)).status).toBe(200);
  await page
    .getByRole("row", { name: /Genbrug Aarhus A\/S/ })
    .getByRole("button", { name: "Delete" })
    .click();
  await dialog.getByRole("button", { name: "Delete business user" }).click();
  await expect(page.getByText("No test-mode business users yet")).toBeVisible();
  expect((await api.get(`/marketplace/business-users/${CVR}/1000000009`)).status).toBe(404);
});

test("a viewer sees business users without change controls, and direct posts are refused", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const created = await api.post(
    "/marketplace/business-users",
    business({ businessLocationId: "2000000002", name: "Møbelhuset Vejle ApS" }),
  );
  expect(created.status).toBe(200);
  const viewer = addE2eStaff(tenant.tenantId, "viewer");
  const problems = watchPage(page);
  await consoleSignIn(page, viewer.email, viewer.password);
  await page.goto("/console/business-users");
  await expect(page.getByRole("row", { name: /Møbelhuset Vejle ApS/ })).toBeVisible();
  await expect(
    page.getByText("You have view access: only admins can add, edit or delete business users."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Add business user" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await checkPage(page, testInfo, "console-business-users-viewer", problems);
  await page.goto("/console/business-users/new?mode=test");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  await page.goto(`/console/business-users/${CVR}/2000000002/edit?mode=test`);
  await expect(page.getByRole("textbox")).toHaveCount(0);

  const headers = consoleOrigin(baseURL!);
  const attempts = [
    page.request.post("/console/api/business-users", {
      headers,
      data: { mode: "test", ...business({ businessLocationId: "3000000003" }) },
    }),
    page.request.post(`/console/api/business-users/${CVR}/2000000002/edit`, {
      headers,
      data: { mode: "test", name: "Taken over", phoneNumber: null, address: {} },
    }),
    page.request.post(`/console/api/business-users/${CVR}/2000000002/delete`, { headers, data: { mode: "test" } }),
  ];
  for (const response of await Promise.all(attempts)) {
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: "Your role lets you look, not change." });
  }
  expect((await api.get(`/marketplace/business-users/${CVR}/2000000002`)).json).toMatchObject({
    name: "Møbelhuset Vejle ApS",
  });
  expect((await api.get(`/marketplace/business-users/${CVR}/3000000003`)).status).toBe(404);

  // Without a session: 401, and nothing listed to strangers.
  expect((await request.get("/console/api/users")).status()).toBe(401);
  expect(
    (
      await request.post("/console/api/business-users", {
        headers,
        data: { mode: "test", ...business({ businessLocationId: "4" }) },
      })
    ).status(),
  ).toBe(401);
});
