// A chargeback the service lost before the payout, decided on the console: the sandbox's payer's
// bank takes the payment back and keeps it (the sandbox's chargeback endpoints), the buyer accepts
// the item, and the seller's payout waits. An admin sees why on the trade page and takes the
// chargeback from the seller's payout; the trade is then released with nothing left to pay out.
import { expect, test } from "@playwright/test";
import { sandboxTrade, tenantApi } from "./support/api.ts";
import { consoleSignIn } from "./support/console.ts";
import { deliver } from "./support/journeys.ts";
import { checkPage, watchPage } from "./support/pages.ts";
import { createE2eTenant, type E2eTenant } from "./support/tenant.ts";

let tenant: E2eTenant;
test.beforeAll(() => {
  tenant = createE2eTenant("Tilbageførsel");
});

test("an admin takes a lost chargeback from the seller's held payout", async ({ page, request, baseURL }, testInfo) => {
  const api = tenantApi(request, tenant);
  const { tradeId, buyer, seller } = await sandboxTrade(api, baseURL!, "console-chargeback");
  await deliver(api, buyer, seller, tradeId);
  const { paymentId } = await api.escrowPayment(buyer, tradeId);
  const opened = await api.post(`/sandbox/payments/${paymentId}/chargeback`, { reason: "product_not_received" });
  expect(opened.status, JSON.stringify(opened.json)).toBe(200);
  const closed = await api.post(`/sandbox/chargebacks/${opened.json.chargebackId}/close`, { outcome: "lost" });
  expect(closed.json).toMatchObject({ chargebackState: "lost" });
  expect((await api.post(`/marketplace/users/${buyer}/trades/${tradeId}/condition/accept`)).status).toBe(200);

  const problems = watchPage(page);
  await consoleSignIn(page, tenant.consoleEmail, tenant.consolePassword);
  await page.goto(`/console/trades/${tradeId}`);
  const chargebacks = page.getByRole("region", { name: "Chargebacks" });
  await expect(chargebacks).toContainText("Lost: the payer keeps the money");
  await expect(chargebacks).toContainText("product not received");
  await checkPage(page, testInfo, "console-chargeback-lost", problems);
  await chargebacks.getByRole("button", { name: "Take it from the seller's payout" }).click();
  const dialog = page.getByRole("dialog", { name: "Take the chargeback from the seller's payout?" });
  await expect(dialog).toContainText("The seller is paid whatever is left");
  await dialog.getByRole("button", { name: "Take it from the seller" }).click();

  await expect(chargebacks).toContainText("DKK 1,425.00 of the seller's payout pays for it");
  await expect(chargebacks).toContainText(`Decided by ${tenant.consoleEmail}`);
  await expect(chargebacks.getByRole("button", { name: "Pay the seller anyway" })).toHaveCount(0);
  // Nothing is left for the seller: the scheduler's next round releases the trade without a payout.
  await expect.poll(async () => (await api.trade(buyer, tradeId)).state, { timeout: 20_000 }).toBe("Released");
  await checkPage(page, testInfo, "console-chargeback-decided", problems);
});
