// The hosted checkout as a payer meets it in Chromium: a new payer confirms who they are, sees the
// item and every line of the price, pays on the sandbox bank's page (approved, declined, confirmed with the bank or in the
// wallet) or cancels, and lands back at the tenant; what the API, the outbox and a webhook
// receiver then say. Paying twice never charges twice.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { checkPage, payAtSandboxBank, serveItemImages, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";
import { startWebhookReceiver } from "./support/webhook-receiver.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Cykelbørsen");
});
test.beforeEach(async ({ page }) => {
  await serveItemImages(page);
});

test("a new payer confirms who they are, pays with an approved card, and the tenant hears of it", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `new-${testInfo.project.name}`;
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, s, {}, { connectPayer: false });
  // The tenant's webhook endpoint, subscribed from here on.
  const receiver = await startWebhookReceiver();
  const subscription = await api.post("/webhooks/subscriptions", {
    url: receiver.url,
    events: ["trade.created", "user.connected"],
  });
  expect(subscription.status).toBe(200);
  try {
    const problems = watchPage(page);
    await page.goto(redirectUrl);
    await expect(page.getByText("Step 1 of 2")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vintage road bike" })).toBeVisible();
    await expect(page.getByText("DKK 1,601.50")).toBeVisible(); // 1,500 + 2.5 % + 5 + 59 shipping
    await checkPage(page, testInfo, "checkout-step-1-sign-in", problems);
    await page.getByLabel(/Mette Hansen/).check();
    await page.getByRole("button", { name: "Sign in with eID" }).click();
    await expect(page.getByRole("heading", { name: "Connect to Cykelbørsen" })).toBeVisible();
    await page.getByRole("button", { name: "Connect", exact: true }).click();

    await expect(page.getByText("Step 2 of 2 · Pay securely")).toBeVisible();
    for (const [line, amount] of [
      ["Item", "DKK 1,500.00"],
      ["Buyer protection", "DKK 42.50"],
      ["Shipping", "DKK 59.00"],
      ["Total", "DKK 1,601.50"],
    ] as const) {
      await expect(page.locator("dl div").filter({ hasText: line })).toContainText(amount);
    }
    await expect(page.getByText("paid to the seller only after you have received and accepted the item")).toBeVisible();
    await expect(page.getByRole("img", { name: /Vintage road bike: Photo 1 of 2/ })).toBeVisible();
    await checkPage(page, testInfo, "checkout-pay", problems);
    await page.getByRole("button", { name: "Pay DKK 1,601.50" }).click();
    await checkPage(page, testInfo, "sandbox-bank", problems);
    await payAtSandboxBank(page, /Visa ending in 4242/);
    await expect(page).toHaveURL(`${baseURL}/?paid=${s}`);

    expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
    expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Paid", isPaid: true, amount: 1601.5 });
    expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual(["trade.created"]);
    // The payer connected (in the checkout), and the trade was paid: both reach the tenant, signed.
    const created = await receiver.waitUntil((d) => d.body.eventName === "trade.created" && d.body.tradeId === tradeId);
    const connected = await receiver.waitUntil(
      (d) => d.body.eventName === "user.connected" && d.body.referenceId === buyer,
    );
    expect(created.body).toMatchObject({
      payerMarketplaceUserId: buyer,
      metadata: { state: "AwaitingShipment", previousState: "InvitationAccepted" },
    });
    expect(connected.body).toMatchObject({ serviceAccountId: expect.any(String), kycLevel: 1 });
    for (const delivery of [created, connected]) expect(receiver.verify(delivery, subscription.json.secret)).toBe(true);

    // The back button: the bank says it took the payment; one more, and the checkout says it is
    // paid and offers the way back, charging nothing more.
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Payment complete" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Cykelbørsen" })).toHaveAttribute(
      "href",
      `${baseURL}/?paid=${s}`,
    );
    await checkPage(page, testInfo, "checkout-paid", problems);
  } finally {
    await receiver.close();
  }
});

test("a declined card charges nothing; the bank's confirmation then pays", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `decline-${testInfo.project.name}`;
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, s);
  const problems = watchPage(page);
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await payAtSandboxBank(page, /Mastercard ending in 0002/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "The bank declined the payment. Nothing was charged. Try another test card.",
  );
  await checkPage(page, testInfo, "checkout-declined", problems);
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Pending", isPaid: false });

  await payAtSandboxBank(page, /Visa ending in 3220/);
  await expect(page.getByRole("heading", { name: "Confirm with your bank" })).toBeVisible();
  await expect(page.getByText("DKK 1,601.50")).toBeVisible();
  await checkPage(page, testInfo, "checkout-bank-confirmation", problems);
  expect((await api.trade(buyer, tradeId)).state).toBe("InvitationAccepted");
  await page.getByRole("button", { name: "Approve the payment" }).click();
  await expect(page).toHaveURL(`${baseURL}/?paid=${s}`);
  expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
});

test("the wallet payment the payer rejects in the app is not charged; approved, it pays", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `wallet-${testInfo.project.name}`;
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, s);
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await payAtSandboxBank(page, /Mobile wallet/);
  await expect(page.getByRole("heading", { name: "Approve in your wallet app" })).toBeVisible();
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("The payment was not confirmed");
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Pending" });
  await payAtSandboxBank(page, /Mobile wallet/, "approve");
  await expect(page).toHaveURL(`${baseURL}/?paid=${s}`);
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Paid" });
});

test("cancelling cancels the trade, the tenant gets trade.cancelled, and the link then says so", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `cancel-${testInfo.project.name}`;
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, s);
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: "Cancel and return to Cykelbørsen" }).click();
  await expect(page).toHaveURL(`${baseURL}/?cancelled=${s}&reason=cancelled`);
  expect((await api.trade(buyer, tradeId)).state).toBe("Cancelled");
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual(["trade.cancelled"]);
  await page.goto(redirectUrl);
  await expect(page.getByRole("heading", { name: "Checkout cancelled" })).toBeVisible();
});

test("a double click and a second tab never charge twice", async ({ page, context, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `twice-${testInfo.project.name}`;
  const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, s);
  await page.goto(redirectUrl);
  const second = await context.newPage();
  await second.goto(redirectUrl);

  // Both submits of a double click reach the server (the form has no script to stop the second),
  // and both end at the one bank payment; the double click there pays once too.
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>("form[action$='/pay']")!;
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(page.getByText("This bank exists only in the sandbox")).toBeVisible();
  await page.evaluate(() => {
    const form = document.querySelector<HTMLFormElement>("form[action$='/pay']")!;
    form.requestSubmit();
    form.requestSubmit();
  });
  await expect(page).toHaveURL(`${baseURL}/?paid=${s}`);
  await second.getByRole("button", { name: /^Pay/ }).click();
  await expect(second).toHaveURL(`${baseURL}/?paid=${s}`);

  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "Paid", amount: 1601.5 });
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual(["trade.created"]);
});

test("the keyboard alone reaches every choice and the pay buttons", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const { redirectUrl } = await sandboxTrade(api, baseURL!, `keys-${testInfo.project.name}`);
  await page.goto(redirectUrl);
  await page.getByRole("button", { name: /^Pay/ }).focus();
  await page.keyboard.press("Enter");
  await page.getByLabel(/Visa ending in 4242/).focus();
  await page.keyboard.press("ArrowDown"); // radio groups move with the arrow keys
  await expect(page.getByLabel(/Visa ending in 3220/)).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Confirm with your bank" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the whole checkout works: the pages are plain HTML forms", async ({ page, request, baseURL }, testInfo) => {
    const api = tenantApi(request, tenant);
    const s = `nojs-${testInfo.project.name}`;
    const { tradeId, redirectUrl, buyer } = await sandboxTrade(api, baseURL!, s, {}, { connectPayer: false });
    await page.goto(redirectUrl);
    await page.getByRole("button", { name: "Sign in with eID" }).click();
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await payAtSandboxBank(page, /Visa ending in 3220/, "approve");
    await expect(page).toHaveURL(`${baseURL}/?paid=${s}`);
    expect((await api.trade(buyer, tradeId)).state).toBe("AwaitingShipment");
  });
});

test.describe("a tenant with its own brand, in Danish", () => {
  test.use({ locale: "da-DK" });

  test("shows the marketplace's name and colour, Danish words and Danish amounts", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const branded = createE2eTenant("Loppe ApS", { brandName: "Loppe", brandColor: "#0f766e", locale: "da" });
    const api = tenantApi(request, branded);
    const { redirectUrl } = await sandboxTrade(api, baseURL!, `brand-${testInfo.project.name}`, {
      deliveryByHandAllowed: true,
    });
    const problems = watchPage(page);
    await page.goto(redirectUrl);
    await expect(page.getByRole("banner")).toContainText("Loppe");
    await expect(page.getByText("1.601,50 kr.").first()).toBeVisible();
    await expect(page.getByText("Du kan også hente varen personligt.")).toBeVisible();
    const button = page.getByRole("button", { name: "Betal 1.601,50 kr." });
    await expect(button).toHaveCSS("background-color", "rgb(15, 118, 110)");
    await checkPage(page, testInfo, "checkout-branded-da", problems);
  });
});

test("a buyer who signs in as the seller's own person is told so and not connected", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const s = `same-${testInfo.project.name}`;
  const [seller, buyer] = [`seller-${s}`, `buyer-${s}`];
  await page.goto(
    await api.connectLink({
      marketplaceUserId: seller,
      successUrl: `${baseURL}/?connected=${s}`,
      cancelUrl: `${baseURL}/?cancelled=${s}`,
    }),
  );
  await page.getByLabel(/Mette Hansen/).check();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/?connected=${s}`);

  const { redirectUrl } = await api.initiate({
    title: "Vintage road bike",
    description: "Steel frame",
    amount: 1500,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: buyer,
    payeeMarketplaceUserId: seller,
    successUrl: `${baseURL}/?paid=${s}`,
    cancelUrl: `${baseURL}/?cancelled=${s}`,
  });
  const problems = watchPage(page);
  await page.goto(redirectUrl);
  // The seller's sign-in in this browser is not offered to the buyer; signing in as them is refused.
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Secure payment");
  await page.getByLabel(/Mette Hansen/).check();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("nobody can buy from themself");
  await expect(page.getByRole("heading", { name: "Confirm who you are" })).toBeVisible();
  await checkPage(page, testInfo, "checkout-same-person", problems);
  expect((await api.user(buyer)).status).toBe(404);

  // The buyer's own (preselected) person pays.
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await page.getByRole("button", { name: "Pay DKK 1,500.00" }).click();
  await payAtSandboxBank(page);
  await expect(page).toHaveURL(`${baseURL}/?paid=${s}`);
});
