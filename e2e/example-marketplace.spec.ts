// The example marketplace (examples/marketplace, built on the SDK alone) as its users meet it in
// Chromium, against this service: a seller connects with the simulated eID and lists two items;
// a buyer buys the first through the hosted checkout with a test card, the seller ships it in the
// sandbox and the buyer accepts it; the buyer rejects the second and accepts the seller's price
// reduction. Both sides see the trade's status, and the events the shop's webhook endpoint
// received and verified. Screenshots in test-results/example-marketplace/.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { payAtSandboxBank } from "./support/pages.ts";
import { createE2eTenant } from "./support/tenant.ts";

let shop: ChildProcess | undefined;
let shopUrl = "";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async ({ baseURL }) => {
  const tenant = createE2eTenant("Loppe");
  const port = await freePort();
  shopUrl = `http://localhost:${port}`;
  shop = spawn(process.execPath, ["--import", "tsx", "examples/marketplace/server.ts"], {
    env: {
      ...process.env,
      ESCROW_BASE_URL: baseURL!,
      ESCROW_TOKEN: tenant.testApiKey,
      PORT: String(port),
      SHOP_URL: shopUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes("Loppe listening")) return;
      clearTimeout(timer);
      resolve();
    };
    shop!.stdout!.on("data", read);
    shop!.stderr!.on("data", read);
    shop!.once("exit", (code) => reject(new Error(`the example exited (${code}):\n${output}`)));
  });
});

test.afterAll(() => {
  shop?.kill("SIGTERM");
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/example-marketplace/${name}.png`, fullPage: true });

/** Every address of the shop that answered 404 while the test ran (a favicon did, issue 33). */
const missing: string[] = [];

/** A person in their own browser, signed in to the shop. */
async function person(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on("response", (response) => {
    if (response.status() === 404 && response.url().startsWith(shopUrl)) missing.push(response.url());
  });
  await page.goto(`${shopUrl}/signin`);
  // The user name's pattern works (an unescaped "-" made it invalid under the v flag, checking nothing).
  const username = page.getByLabel("User name");
  await username.fill("Anna Smith");
  await page.getByRole("button", { name: "Sign in" }).click();
  expect(await username.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  await expect(page).toHaveURL(`${shopUrl}/signin`);
  await username.fill(name);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
  return page;
}

/** The simulated national eID sign-in and consent of the hosted pages. */
async function eidSignIn(page: Page, who: RegExp) {
  await expect(page.getByRole("heading", { name: /Confirm who you are|Sign in/ }).first()).toBeVisible();
  await page.getByLabel(who).check();
  await page.getByRole("button", { name: "Sign in with eID" }).click();
  await expect(page.getByRole("heading", { name: "Connect to Loppe" })).toBeVisible();
  await page.getByRole("button", { name: "Connect", exact: true }).click();
}

/** Reloads until the trade page shows `text` (webhooks arrive within seconds). */
async function until(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("main")).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function list(page: Page, title: string, description: string, price: number) {
  await page.getByRole("navigation").getByRole("link", { name: "Sell" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("Price (DKK)").fill(String(price));
  await page.getByRole("button", { name: "List item" }).click();
  await expect(page.getByText("Your item is listed.")).toBeVisible();
}

/** The buyer buys from the shop's front page, through the hosted checkout, with Visa 4242 at the sandbox bank. */
async function buy(page: Page, title: string, total: string, connect: boolean) {
  await page.getByRole("navigation").getByRole("link", { name: "Browse" }).click();
  await page.getByRole("link", { name: new RegExp(title) }).click();
  await page.getByRole("button", { name: "Buy now with escrow" }).click();
  if (connect) await eidSignIn(page, /Mette Hansen/);
  await expect(page.getByRole("heading", { name: "What you pay" })).toBeVisible();
  await page.getByRole("button", { name: `Pay DKK ${total}` }).click();
  await payAtSandboxBank(page, /Visa ending in 4242/);
  await expect(page.getByText("Payment received and held in escrow. The seller has been asked to ship.")).toBeVisible();
  await expect(page.getByTestId("trade-state")).toHaveText("Paid · waiting for the seller to ship");
}

/** The seller opens the sold trade from My trades, buys the label and the sandbox carrier delivers. */
async function ship(page: Page, title: string) {
  await page.getByRole("navigation").getByRole("link", { name: "My trades" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`${title}.*sold`) })).toContainText(
    "Paid · waiting for the seller to ship",
  );
  await page.getByRole("link", { name: title }).click();
  await page.getByRole("button", { name: "Buy GLS shipping label" }).click();
  await expect(page.getByTestId("trade-state")).toHaveText("Shipping label ready");
  // What the seller needs to send it: the label's code and the parcel's tracking link.
  await expect(page.getByTestId("parcel")).toContainText(/Shipping label code \S+/);
  await expect(page.getByRole("link", { name: "Track the parcel" })).toHaveAttribute("href", /\/track\//);
  await page.getByRole("button", { name: "Carrier: parcel sent" }).click();
  await expect(page.getByTestId("trade-state")).toHaveText("On its way");
  await page.getByRole("button", { name: "Carrier: parcel delivered" }).click();
  await expect(page.getByTestId("trade-state")).toHaveText("Delivered · buyer checks the item");
}

test("a seller lists, a buyer pays through the hosted checkout, accepts one item and settles the other for less", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const seller = await person(browser, "anna");
  // Selling needs a connected account: the shop sends the seller to the hosted connect page.
  await seller.getByRole("navigation").getByRole("link", { name: "Sell" }).click();
  await expect(seller.getByText("first connect to escrow payments")).toBeVisible();
  await seller.getByRole("link", { name: "Connect your account" }).click();
  await shot(seller, "01-seller-account");
  await seller.getByRole("button", { name: "Connect with eID" }).click();
  await eidSignIn(seller, /Sofie Lund/);
  await expect(seller.getByText("Your account is connected to escrow payments.")).toBeVisible();
  await expect(seller.getByRole("heading", { name: /Connected to escrow payments/ })).toBeVisible();
  // Connected with the eID, but with no bank account yet: the hosted payout account page, which
  // has a way back to the shop without saving.
  await seller.getByRole("button", { name: "Add payout account" }).click();
  await seller.getByRole("button", { name: "Cancel and return to Loppe" }).click();
  await expect(seller.getByText("No payout account was saved.")).toBeVisible();
  await seller.getByRole("button", { name: "Add payout account" }).click();
  await seller.getByLabel("IBAN, or registration and account number").fill("DK50 0040 0440 1162 43");
  await seller.getByRole("button", { name: "Save payout account" }).click();
  await expect(seller.getByText("Your payout account is saved.")).toBeVisible();
  await expect(seller.getByText(/Payouts go to .*DK5000400440116243/)).toBeVisible();
  await list(seller, "Vintage road bike", "Steel frame, 56 cm, serviced this spring. New tyres and bar tape.", 1500);
  await shot(seller, "02-seller-listing");
  await list(seller, "Brass table lamp", "1960s Danish brass lamp with a linen shade. Works perfectly.", 400);

  // The buyer: the front page, the item, the hosted checkout (eID, then the card), and back.
  const buyer = await person(browser, "bo");
  await expect(buyer.getByRole("link", { name: /Vintage road bike/ })).toContainText("DKK 1,500.00");
  await until(buyer, "by anna · verified ✓"); // user.connected reached the shop's webhook endpoint
  await shot(buyer, "03-front-page");
  await buy(buyer, "Vintage road bike", "1,586.50", true); // 1,500 + 2.5 % + 49 shipping
  await until(buyer, "Payment received and held in escrow✓ verified");
  await shot(buyer, "04-buyer-paid");

  await ship(seller, "Vintage road bike");
  await shot(seller, "05-seller-shipped");
  await buyer.reload();
  await expect(buyer.getByTestId("trade-state")).toHaveText("Delivered · buyer checks the item");
  await buyer.getByRole("button", { name: "Accept the item" }).click();
  await expect(buyer.getByTestId("trade-state")).toHaveText(/Completed · (payout on its way|seller paid)/);
  // The payout is due at once: the server's scheduler makes it within seconds, or the sandbox
  // clock's advance does it now.
  await seller.reload();
  const advance = seller.getByRole("button", { name: "Advance the sandbox clock (payout)" });
  if (await advance.isVisible()) await advance.click();
  await until(seller, "Completed · seller paid");
  await until(seller, "Seller paid out✓ verified");
  for (const line of [
    "Payment received and held in escrow",
    "Shipping label bought",
    "Parcel handed to the carrier",
    "Parcel delivered",
    "Buyer accepted the item",
    "Trade completed",
  ]) {
    await expect(seller.locator("ol.activity")).toContainText(line);
  }
  await shot(seller, "06-seller-paid-out");

  // The lamp: bought (the buyer is connected now: straight to the card), rejected, settled for less.
  await buy(buyer, "Brass table lamp", "459.00", false); // 400 + 10 + 49
  await ship(seller, "Brass table lamp");
  await buyer.reload();
  await buyer.getByLabel("Something wrong? Tell the seller").fill("The shade has a tear.");
  await buyer.getByRole("button", { name: "Reject the item" }).click();
  await expect(buyer.getByTestId("trade-state")).toHaveText("Item rejected by the buyer");
  await seller.reload();
  await expect(seller.getByText("The buyer’s reason: “The shade has a tear.”")).toBeVisible();
  await seller.getByLabel(/Offer the buyer money back/).fill("100");
  await seller.getByRole("button", { name: "Offer price reduction" }).click();
  await expect(seller.getByText("Your offer was sent to the buyer.")).toBeVisible();
  await buyer.reload();
  await expect(buyer.getByText("The seller offers you DKK 100.00 back if you keep the item.")).toBeVisible();
  await shot(buyer, "07-buyer-offer");
  await buyer.getByRole("button", { name: "Accept DKK 100.00 back" }).click();
  await expect(buyer.getByTestId("trade-state")).toHaveText(/Completed · (payout on its way|seller paid)/);
  await expect(buyer.getByText("Settled: DKK 100.00 back to the buyer")).toBeVisible();
  await until(seller, "Buyer accepted the price reduction✓ verified");
  await expect(seller.locator("ol.activity")).toContainText("Seller offered a price reduction");
  await shot(seller, "08-seller-settled");

  // Both trades, as each side lists them; the front page marks both items sold.
  await buyer.getByRole("navigation").getByRole("link", { name: "My trades" }).click();
  await expect(buyer.getByRole("row", { name: /Vintage road bike.*bought/ })).toContainText("Completed · seller paid");
  await expect(buyer.getByRole("row", { name: /Brass table lamp.*bought/ })).toContainText(
    /Completed · (payout on its way|seller paid)/,
  );
  await shot(buyer, "09-buyer-trades");
  await seller.getByRole("navigation").getByRole("link", { name: "Browse" }).click();
  await expect(seller.locator(".badge.sold")).toHaveCount(2);
  await shot(seller, "10-front-page-sold");
  expect(missing).toEqual([]);
  expect((await fetch(`${shopUrl}/favicon.ico`)).headers.get("content-type")).toBe("image/svg+xml");
});
