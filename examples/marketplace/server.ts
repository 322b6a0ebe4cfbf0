// Loppe, an example marketplace on the escrow service, using nothing but the SDK (@escrow/sdk):
// sellers and buyers connect with the hosted connect page, a seller lists an item, a buyer buys
// it through the hosted checkout, the shop's webhook endpoint verifies each event, and both sides
// follow the trade here, a rejection settled by a price-reduction offer included.
// Run: ESCROW_TOKEN=esk_test_… npx tsx examples/marketplace/server.ts (README.md beside this file).
import http from "node:http";
import { createEscrowClient, EscrowApiError, WebhookVerificationError, type UserDetails } from "@escrow/sdk";
import { html, ICON, page } from "./html.ts";
import { accountPage, homePage, itemPage, ordersPage, sellPage, signInPage, tradePage } from "./pages.ts";
import { shop, USERNAME_PATTERN } from "./shop.ts";

if (process.argv.includes("--help")) {
  console.log(`Usage: ESCROW_TOKEN=esk_test_… npx tsx examples/marketplace/server.ts

  ESCROW_BASE_URL        the escrow service (default http://localhost:3000)
  ESCROW_TOKEN           a sandbox API token (required)
  PORT                   the shop's port (default 4000)
  SHOP_URL               the shop's address in the browser (default http://localhost:$PORT)
  WEBHOOK_URL            where the service delivers events (default http://127.0.0.1:$PORT/webhooks)
  ESCROW_WEBHOOK_SECRET  the subscription's whsec_… secret; unset: the shop subscribes (or rotates its secret) at start`);
  process.exit(0);
}

const PORT = Number(process.env.PORT ?? 4000);
const SHOP_URL = (process.env.SHOP_URL ?? `http://localhost:${PORT}`).replace(/\/$/, "");
const WEBHOOK_URL = process.env.WEBHOOK_URL ?? `http://127.0.0.1:${PORT}/webhooks`;
if (!process.env.ESCROW_TOKEN)
  throw new Error("ESCROW_TOKEN is required: the sandbox token npm run dev prints (see README.md)");

const escrow = createEscrowClient({
  baseUrl: process.env.ESCROW_BASE_URL ?? "http://localhost:3000",
  token: process.env.ESCROW_TOKEN,
});

/** The signing secret of the shop's subscription: given, or made now (a restart rotates it). */
async function webhookSecret(): Promise<string> {
  if (process.env.ESCROW_WEBHOOK_SECRET) return process.env.ESCROW_WEBHOOK_SECRET;
  const existing = (await escrow.webhooks.subscriptions.list()).find((s) => s.url === WEBHOOK_URL);
  const subscription = existing
    ? await escrow.webhooks.subscriptions.rotateSecret(existing.id)
    : await escrow.webhooks.subscriptions.create({ url: WEBHOOK_URL, description: "Loppe example marketplace" });
  return subscription.secret;
}
const secret = await webhookSecret();

const NOTICES: Record<string, string> = {
  connected: "Your account is connected to escrow payments. You can now sell and buy.",
  payout: "Your payout account is saved.",
  "payout-cancelled": "No payout account was saved.",
  listed: "Your item is listed.",
  paid: "Payment received and held in escrow. The seller has been asked to ship.",
  label: "Shipping label bought. Hand the parcel to GLS.",
  "carrier-sent": "The carrier has the parcel.",
  "carrier-delivered": "The parcel was delivered.",
  accept: "You accepted the item. The seller will be paid.",
  reject: "You rejected the item. The seller can offer you a price reduction.",
  offer: "Your offer was sent to the buyer.",
  "offer-accept": "You accepted the offer: the reduction is refunded to you.",
  "offer-decline": "You declined the offer.",
  clock: "The sandbox clock moved on: due payouts were made.",
  cancelled: "The checkout was cancelled. Nothing was charged.",
  "not-connected": "Connecting was not completed.",
};

/** Which flow a hosted page's `?reason=…` return ended without finishing, by where it came back to. */
function cameBackWithout(path: string, notice: string | null): string {
  if (path.startsWith("/items/")) return "cancelled"; // the checkout's cancelUrl
  return notice === "payout" ? "payout-cancelled" : "not-connected"; // payout account's returnUrl, connect's cancelUrl
}

/** `flash` is shown once on the next page (a cookie, so that a reload does not repeat it). */
type Reply = { status?: number; html?: string; location?: string; cookie?: string; flash?: string };

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The shop's webhook endpoint: verify the raw body, keep the event, answer 2xx at once. */
async function receiveWebhook(request: http.IncomingMessage): Promise<Reply> {
  const body = await readBody(request);
  try {
    const event = escrow.webhooks.verify(body, request.headers, secret);
    if (shop.record(event) && event.eventName !== "user.connected") {
      const purchase = shop.purchase(event.tradeId);
      const listing = purchase && shop.listing(purchase.listingId);
      if (listing && event.eventName === "trade.created") listing.soldIn = event.tradeId;
      if (listing && event.eventName === "trade.cancelled" && listing.soldIn === event.tradeId)
        listing.soldIn = undefined;
    }
    return { status: 204 };
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 400, html: "bad signature" };
    throw error;
  }
}

/** Buys the listing: a trade in escrow and the hosted checkout for the buyer. */
async function buy(listingId: string, buyer: string): Promise<Reply> {
  const listing = shop.listing(listingId);
  if (!listing || listing.soldIn || listing.seller === buyer) return { location: `/items/${listingId}` };
  const initiate = () =>
    escrow.trades.initiate({
      title: listing.title,
      description: listing.description,
      amount: listing.price,
      payerFee: 2.5,
      payeeFee: 5,
      payerMarketplaceUserId: buyer,
      payeeMarketplaceUserId: listing.seller,
      referenceId: `listing-${listing.id}`,
      checkoutUniquenessKey: `listing-${listing.id}`, // one paid checkout per item, whoever clicks
      shipping: { paidBy: "Payer", price: 49 },
      successUrl: `${SHOP_URL}/items/${listing.id}/paid`,
      cancelUrl: `${SHOP_URL}/items/${listing.id}`,
    });
  let started;
  try {
    started = await initiate();
  } catch (error) {
    // This buyer's own unpaid checkout holds the item: give it up and start afresh.
    const pending = shop.purchaseOf(listing.id, buyer);
    if (!(error instanceof EscrowApiError && error.typeCode === "conflict" && pending)) throw error;
    await escrow.trades.cancel({ tradeId: pending.tradeId, state: "Created" });
    started = await initiate();
  }
  shop.addPurchase({ tradeId: started.tradeId, listingId: listing.id, buyer, seller: listing.seller });
  return { location: started.redirectUrl };
}

/** Back from the hosted checkout: the trade is paid when the escrow payment is. */
async function paid(listingId: string, buyer: string): Promise<Reply> {
  const purchase = shop.purchaseOf(listingId, buyer);
  if (!purchase) return { location: `/items/${listingId}` };
  const trade = await escrow.trades.get({ marketplaceUserId: buyer, tradeId: purchase.tradeId });
  if (!["Created", "InvitationAccepted", "Cancelled"].includes(trade.state))
    shop.listing(listingId)!.soldIn = trade.tradeId;
  return { location: `/trades/${trade.tradeId}`, flash: "paid" };
}

/** A party's step on a trade, through the SDK. */
async function act(user: string, tradeId: string, action: string, form: URLSearchParams): Promise<void> {
  const ref = { marketplaceUserId: user, tradeId };
  const labelId = async () => (await escrow.trades.get(ref)).phases.delivery?.labelId ?? "";
  switch (action) {
    case "label":
      await escrow.shipments.buyDeliveryLabel({
        ...ref,
        price: 49,
        shipmentProviderId: "gls",
        expectedMaxWeightInGrams: 5000,
      });
      return;
    case "carrier-sent":
      return void (await escrow.sandbox.carrierEvent(await labelId(), "sent"));
    case "carrier-delivered":
      return void (await escrow.sandbox.carrierEvent(await labelId(), "delivered"));
    case "accept":
      return void (await escrow.trades.acceptCondition(ref));
    case "reject":
      return void (await escrow.trades.rejectCondition({ ...ref, reason: form.get("reason") || "Not as described" }));
    case "offer":
      return void (await escrow.trades.offers.make({ ...ref, refundAmount: Number(form.get("refundAmount")) }));
    case "offer-accept":
      return void (await escrow.trades.offers.accept({ ...ref, refundAmount: Number(form.get("refundAmount")) }));
    case "offer-decline":
      return void (await escrow.trades.offers.decline(ref));
    case "clock":
      return void (await escrow.sandbox.advanceClock(1));
  }
}

async function route(
  request: http.IncomingMessage,
  url: URL,
  user: string | undefined,
  flashed: string | undefined,
): Promise<Reply> {
  const method = request.method ?? "GET";
  const path = url.pathname;
  // A notice from our own redirects (the flash cookie) or from the hosted pages' return addresses.
  const notice = flashed ?? url.searchParams.get("notice");
  const reason = url.searchParams.get("reason"); // cancelUrl?reason=… from the hosted pages
  const flash = notice?.startsWith("error:")
    ? { text: notice.slice(6), error: true }
    : reason
      ? { text: NOTICES[cameBackWithout(path, notice)]! }
      : notice && NOTICES[notice]
        ? { text: NOTICES[notice]! }
        : undefined;
  const show = (title: string, body: Parameters<typeof page>[2]) => ({ html: page(title, user, body, flash) });
  let match: RegExpExecArray | null;

  if (method === "POST" && path === "/webhooks") return receiveWebhook(request);
  if (method === "GET" && path === "/") return show("Browse", homePage());
  if (method === "GET" && path === "/signin") return show("Sign in", signInPage(url.searchParams.get("next") ?? "/"));
  if (method === "POST" && path === "/signin") {
    const form = new URLSearchParams((await readBody(request)).toString());
    const name = (form.get("username") ?? "").toLowerCase();
    if (!new RegExp(`^${USERNAME_PATTERN}$`, "v").test(name)) return { location: "/signin" };
    const next = form.get("next") ?? "/";
    return { location: next.startsWith("/") ? next : "/", cookie: `shop_user=${name}; Path=/; HttpOnly; SameSite=Lax` };
  }
  if (method === "POST" && path === "/signout") return { location: "/", cookie: "shop_user=; Path=/; Max-Age=0" };
  const anonymousItem = !user && method === "GET" ? /^\/items\/(\d+)$/.exec(path) : null;
  const anonymousListing = anonymousItem && shop.listing(anonymousItem[1]!);
  if (anonymousListing) return show(anonymousListing.title, itemPage(anonymousListing, undefined, undefined));
  if (!user) return { location: `/signin?next=${encodeURIComponent(path)}` };

  // A user who never connected is a 404 not-found.
  const connected = async (): Promise<UserDetails | null> =>
    escrow.users
      .get(user)
      .catch((error) =>
        error instanceof EscrowApiError && error.typeCode === "not-found" ? null : Promise.reject(error),
      );
  if (method === "GET" && path === "/account") return show("Account", accountPage(user, await connected()));
  if (method === "POST" && path === "/account/connect") {
    const { redirectUrl } = await escrow.users.connect({
      marketplaceUserId: user,
      successUrl: `${SHOP_URL}/account?notice=connected`,
      cancelUrl: `${SHOP_URL}/account`,
    });
    return { location: redirectUrl };
  }
  if (method === "POST" && path === "/account/payout") {
    const { redirectUrl } = await escrow.users.selectPayoutAccount(user, {
      returnUrl: `${SHOP_URL}/account?notice=payout`,
    });
    return { location: redirectUrl };
  }
  if (method === "GET" && path === "/sell") return show("Sell", sellPage((await connected()) !== null));
  if (method === "POST" && path === "/sell") {
    const form = new URLSearchParams((await readBody(request)).toString());
    const listing = shop.addListing({
      title: form.get("title") ?? "",
      description: form.get("description") ?? "",
      price: Number(form.get("price")),
      seller: user,
    });
    return { location: `/items/${listing.id}`, flash: "listed" };
  }
  if (method === "GET" && (match = /^\/items\/(\d+)$/.exec(path))) {
    const listing = shop.listing(match[1]!);
    if (!listing) return { status: 404, html: page("Not found", user, page404()) };
    return show(listing.title, itemPage(listing, user, shop.purchaseOf(listing.id, user)?.tradeId));
  }
  if (method === "POST" && (match = /^\/items\/(\d+)\/buy$/.exec(path))) return buy(match[1]!, user);
  if (method === "GET" && (match = /^\/items\/(\d+)\/paid$/.exec(path))) return paid(match[1]!, user);
  if (method === "GET" && path === "/orders") {
    const trades = [];
    for await (const trade of escrow.trades.list({ marketplaceUserId: user })) trades.push(trade);
    return show("My trades", ordersPage(user, trades));
  }
  if (method === "GET" && (match = /^\/trades\/([\w-]+)$/.exec(path))) {
    const trade = await escrow.trades.get({ marketplaceUserId: user, tradeId: match[1]! });
    return show(trade.title, tradePage(user, trade));
  }
  if (method === "POST" && (match = /^\/trades\/([\w-]+)\/([a-z-]+)$/.exec(path))) {
    const [, tradeId, action] = match as unknown as [string, string, string];
    const form = new URLSearchParams((await readBody(request)).toString());
    try {
      await act(user, tradeId, action, form);
      return { location: `/trades/${tradeId}`, flash: action };
    } catch (error) {
      if (!(error instanceof EscrowApiError)) throw error;
      return { location: `/trades/${tradeId}`, flash: `error:${error.detail}` };
    }
  }
  return { status: 404, html: page("Not found", user, page404()) };
}

const page404 = () =>
  html`<h1>Not found</h1>
    <p class="lead">There is nothing here. <a href="/">Browse the shop</a>.</p>`;

http
  .createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", SHOP_URL);
    if (url.pathname === "/favicon.svg" || url.pathname === "/favicon.ico") {
      const headers = { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" };
      return void response.writeHead(200, headers).end(ICON);
    }
    const cookies = request.headers.cookie ?? "";
    const user = /(?:^|;\s*)shop_user=([a-z0-9-]+)/.exec(cookies)?.[1];
    const flashed = /(?:^|;\s*)shop_flash=([^;]+)/.exec(cookies)?.[1];
    try {
      const reply = await route(request, url, user, flashed && decodeURIComponent(flashed));
      const headers: Record<string, string | string[]> = { "content-type": "text/html; charset=utf-8" };
      const flashCookie = reply.flash
        ? `shop_flash=${encodeURIComponent(reply.flash)}; Path=/; HttpOnly; SameSite=Lax`
        : flashed && "shop_flash=; Path=/; Max-Age=0";
      headers["set-cookie"] = [reply.cookie, flashCookie].filter((c): c is string => Boolean(c));
      if (reply.location) return void response.writeHead(303, { ...headers, location: reply.location }).end();
      response.writeHead(reply.status ?? 200, headers).end(reply.html ?? "");
    } catch (error) {
      const detail =
        error instanceof EscrowApiError ? `${error.title}: ${error.detail} (trace ${error.traceId})` : String(error);
      console.error(`${request.method} ${url.pathname}:`, detail);
      response
        .writeHead(500, { "content-type": "text/html; charset=utf-8" })
        .end(page("Something went wrong", user, homePage(), { text: detail, error: true }));
    }
  })
  .listen(PORT, () => console.log(`Loppe listening on ${SHOP_URL} (webhooks at ${WEBHOOK_URL})`));
