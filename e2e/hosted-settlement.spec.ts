// Settling a rejected item on the hosted status page (decisions.md §9): the tenant's settlement as
// both parties then see it, and the seller's price-reduction offer that the buyer accepts,
// declines or lets lapse — each party in their own browser, with the figures each ends up with.
// The trade: 1,500 + 2.5 % + 5 payer fee + 59 shipping = 1,601.50 paid; the seller's payout is
// 1,425 (1,500 − 5 %); escrow holds 1,542.50 for the item (payout + 117.50 tenant fees).
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { sandboxTrade, tenantApi, type TenantApi } from "./support/api.ts";
import { deliver } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Genbrugsmarkedet");
});

async function rejected(api: TenantApi, baseURL: string, suffix: string) {
  const trade = await sandboxTrade(api, baseURL, suffix);
  await deliver(api, trade.buyer, trade.seller, trade.tradeId);
  expect(
    (await api.post(`/marketplace/users/${trade.buyer}/trades/${trade.tradeId}/condition/reject`, "The saddle is torn"))
      .status,
  ).toBe(200);
  return trade;
}

/** A party's status page in their own browser (a link works only in the browser that opened it), on the project's device. */
async function partyPage(
  browser: Browser,
  testInfo: TestInfo,
  api: TenantApi,
  user: string,
  tradeId: string,
  query = "",
) {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const page = await (
    await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })
  ).newPage();
  const problems = watchPage(page);
  await page.goto(`${await api.statusLink(user, tradeId, { returnUrl: `${baseURL}/?back` })}${query}`);
  return { page, problems };
}

const notice = (page: Page) => page.getByRole("main").getByRole("status");

test("the tenant settles by the API, and both parties see what they end up with", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await rejected(api, baseURL!, `set-api-${testInfo.project.name}`);
  const settled = await api.post(`/marketplace/trades/${tradeId}/settle`, {
    refundAmount: 100,
    reason: "Agreed 100 off for the torn saddle",
  });
  expect(settled.json).toMatchObject({ state: "Succeeded", settlement: { refundAmount: 100, payeeAmount: 1325 } });

  const problems = watchPage(page);
  await page.goto(await api.statusLink(buyer, tradeId, { returnUrl: `${baseURL}/?back` }));
  await expect(page.getByRole("heading", { name: "Completed" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "DKK 100.00" })).toBeVisible();
  await expect(page.getByText("Back to you")).toBeVisible();
  await checkPage(page, testInfo, "settlement-buyer-settled", problems);

  const sellerView = await partyPage(browser, testInfo, api, seller, tradeId);
  await expect(sellerView.page.getByRole("heading", { name: /Sold|Paid out/ })).toBeVisible();
  await expect(sellerView.page.locator("dl").first()).toContainText("DKK 1,325.00");
  await checkPage(sellerView.page, testInfo, "settlement-seller-settled", sellerView.problems);
  expect(await api.escrowPayment(buyer, tradeId)).toMatchObject({ state: "PartiallyRefunded", refundedAmount: 100 });
});

test("the seller offers a price reduction after a preview; the buyer accepts it and keeps the item", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await rejected(api, baseURL!, `set-accept-${testInfo.project.name}`);
  const { page: sellerPage, problems } = await partyPage(browser, testInfo, api, seller, tradeId);
  await expect(sellerPage.getByRole("heading", { name: "Offer a price reduction" })).toBeVisible();
  await expect(sellerPage.getByText("More than 0 and at most DKK 1,542.49.")).toBeVisible();
  await checkPage(sellerPage, testInfo, "offer-seller-form", problems);

  // Not an amount: the page says so, and nothing is sent.
  await sellerPage.getByLabel(/Amount back to the buyer/).fill("a hundred");
  await sellerPage.getByRole("button", { name: "See what each of you gets" }).click();
  await expect(sellerPage.getByRole("main").getByRole("alert")).toHaveText(
    "Enter the amount as a number, for example 150 or 150.50.",
  );
  await sellerPage.getByLabel(/Amount back to the buyer/).fill("100");
  await sellerPage.getByRole("button", { name: "See what each of you gets" }).click();
  const figures = sellerPage.getByRole("region", { name: "Offer a price reduction" });
  await expect(figures).toContainText("The buyer gets backDKK 100.00");
  await expect(figures).toContainText("You receive, after feesDKK 1,325.00");
  await checkPage(sellerPage, testInfo, "offer-seller-preview", problems);
  expect((await api.trade(buyer, tradeId)).offer).toBeNull(); // a preview sends nothing
  await sellerPage.getByRole("button", { name: "Send the offer" }).click();
  await expect(notice(sellerPage)).toHaveText("Your offer has been sent to the buyer.");
  await expect(sellerPage.getByText(/You offered DKK\s100\.00 back to the buyer/)).toBeVisible();

  const { page: buyerPage, problems: buyerProblems } = await partyPage(browser, testInfo, api, buyer, tradeId);
  const offer = buyerPage.getByRole("region", { name: "The seller offers a price reduction" });
  await expect(offer).toContainText("Keep the item and get DKK 100.00 back.");
  await expect(offer).toContainText("You get backDKK 100.00");
  await expect(offer).toContainText("The seller receivesDKK 1,325.00");
  await checkPage(buyerPage, testInfo, "offer-buyer-open", buyerProblems);
  await offer.getByRole("button", { name: "Accept and keep the item" }).click();
  await expect(notice(buyerPage)).toHaveText("You accepted the price reduction. Your money is on its way back to you.");
  await expect(buyerPage.getByRole("heading", { name: "Completed" })).toBeVisible();
  await checkPage(buyerPage, testInfo, "offer-buyer-accepted", buyerProblems);
  expect(await api.trade(buyer, tradeId)).toMatchObject({
    offer: null,
    settlement: { refundAmount: 100, payeeAmount: 1325 },
  });
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toEqual(
    expect.arrayContaining(["trade.offer_made", "trade.offer_accepted", "trade.settled", "trade.succeeded"]),
  );
});

test("in Danish: the seller offers 150,50, the buyer declines, and the trade goes on as before", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await rejected(api, baseURL!, `set-decline-${testInfo.project.name}`);
  const { page: sellerPage, problems } = await partyPage(browser, testInfo, api, seller, tradeId, "?lang=da");
  await sellerPage.getByLabel(/Beløb tilbage til køber/).fill("150,50");
  await sellerPage.getByRole("button", { name: "Se, hvad I hver især får" }).click();
  const figures = sellerPage.getByRole("region", { name: "Tilbyd et nedslag i prisen" });
  await expect(figures).toContainText(/Køber får tilbage150,50\skr\./);
  await expect(figures).toContainText(/Du får, efter gebyrer1\.274,50\skr\./);
  await checkPage(sellerPage, testInfo, "offer-seller-preview-da", problems);
  await sellerPage.getByRole("button", { name: "Send tilbuddet" }).click();
  await expect(notice(sellerPage)).toHaveText("Dit tilbud er sendt til køber.");

  const { page: buyerPage, problems: buyerProblems } = await partyPage(
    browser,
    testInfo,
    api,
    buyer,
    tradeId,
    "?lang=da",
  );
  const offer = buyerPage.getByRole("region", { name: "Sælger tilbyder et nedslag i prisen" });
  await expect(offer).toContainText(/Du får tilbage150,50\skr\./);
  await checkPage(buyerPage, testInfo, "offer-buyer-open-da", buyerProblems);
  await offer.getByRole("button", { name: "Afvis tilbuddet" }).click();
  await expect(notice(buyerPage)).toHaveText("Du har afvist tilbuddet. Handlen fortsætter som før.");
  await expect(buyerPage.getByRole("region", { name: "Sælger tilbyder et nedslag i prisen" })).toHaveCount(0);
  expect(await api.trade(seller, tradeId)).toMatchObject({ state: "ConditionRejected", offer: null, settlement: null });
  expect((await api.events({ tradeId })).map((e) => e.eventName).slice(-2)).toEqual([
    "trade.offer_made",
    "trade.offer_declined",
  ]);
});

test("an offer the buyer leaves unanswered lapses, and the trade goes on as it would have", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  // Its own tenant: advancing the sandbox clock moves every trade of the tenant.
  const own = createE2eTenant(`Lapse ${testInfo.project.name} ${Date.now()}`);
  const api = tenantApi(request, own);
  const { tradeId, buyer, seller } = await rejected(api, baseURL!, `set-lapse-${testInfo.project.name}`);
  const { page: sellerPage } = await partyPage(browser, testInfo, api, seller, tradeId);
  await sellerPage.getByLabel(/Amount back to the buyer/).fill("75.25");
  await sellerPage.getByRole("button", { name: "See what each of you gets" }).click();
  await sellerPage.getByRole("button", { name: "Send the offer" }).click();
  await expect(notice(sellerPage)).toHaveText("Your offer has been sent to the buyer.");
  const { page: buyerBefore } = await partyPage(browser, testInfo, api, buyer, tradeId);
  await expect(buyerBefore.getByText(/If you do not answer by .+, the offer lapses/)).toBeVisible();

  const lapsesAt = new Date((await api.trade(buyer, tradeId)).offer.lapsesAt).getTime();
  const advanced = await api.advanceClock(Math.ceil((lapsesAt - Date.now()) / 1000) + 5);
  // An offer never holds the trade longer than it would have waited: with the tenant's default
  // deadlines it lapses when the seller's time to answer the rejection ends, so the return starts.
  expect(advanced.fired.map((f: { action: string }) => f.action)).toEqual(["lapseOffer", "autoAcceptRejection"]);
  expect(await api.trade(buyer, tradeId)).toMatchObject({
    state: "ReturnAwaitingShipment",
    offer: null,
    settlement: null,
  });
  expect((await api.events({ tradeId })).map((e) => e.eventName)).toContain("trade.offer_declined");

  // The links of before have expired with the clock; each party opens a new one.
  const { page: buyerPage, problems } = await partyPage(browser, testInfo, api, buyer, tradeId);
  await expect(buyerPage.getByRole("heading", { name: "Send the item back" })).toBeVisible();
  await expect(buyerPage.getByRole("region", { name: "The seller offers a price reduction" })).toHaveCount(0);
  await checkPage(buyerPage, testInfo, "offer-buyer-lapsed", problems);
  const { page: sellerAfter } = await partyPage(browser, testInfo, api, seller, tradeId);
  await expect(sellerAfter.getByRole("heading", { name: "Waiting for the return" })).toBeVisible();
  await expect(sellerAfter.getByText(/You offered/)).toHaveCount(0);
});
