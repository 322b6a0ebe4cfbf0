// The price-reduction offer through the hosted status page's forms (real route handlers, a real
// database): the payee offers, the payer accepts or declines; every refused form says why on the
// page and changes nothing — neither the offer, nor the trade, nor its events.
import { describe, expect, it } from "vitest";
import { POST as statusLinkRoute } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/status-link/route.ts";
import { callRoute } from "../helpers/call-route.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { rejectedTrade } from "../helpers/rejected-trade.ts";
import { db } from "../helpers/tenants.ts";

async function statusPage(token: string, user: string, tradeId: string) {
  const answer = await callRoute(statusLinkRoute, {
    method: "POST",
    path: `/api/v1/marketplace/users/${user}/trades/${tradeId}/status-link`,
    params: { marketplaceUserId: user, tradeId },
    token,
    body: { returnUrl: "https://shop.example/back" },
  });
  expect(answer.status).toBe(200);
  const link = answer.json.redirectUrl as string;
  return { link, page: new URL(link).pathname, browser: hostedBrowser() };
}

async function parties() {
  const { tenant, api, tradeId } = await rejectedTrade();
  return {
    api,
    tenant,
    tradeId,
    seller: await statusPage(tenant.testApiKey, "seller", tradeId),
    buyer: await statusPage(tenant.testApiKey, "buyer", tradeId),
  };
}

/** What a refused form must leave as it was. */
async function snapshot(tradeId: string) {
  const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
  const events = await db.outboxEvent.count({ where: { tradeId } });
  return {
    state: trade.state,
    offer: trade.offerRefundMinor,
    lapses: trade.offerLapsesAt,
    deadline: trade.deadlineAt,
    settlement: trade.settlementRefundMinor,
    events,
  };
}

const eventsSince = async (tradeId: string, after: string) => {
  const names = (
    await db.outboxEvent.findMany({ where: { tradeId }, orderBy: { sequence: "asc" }, select: { eventName: true } })
  ).map((r) => r.eventName);
  return names.slice(names.lastIndexOf(after) + 1);
};

describe("the price-reduction offer on the hosted status page", () => {
  it("the payee offers, the payer accepts: settled with the offered refund, the payment partly refunded", async () => {
    const { api, tradeId, seller, buyer } = await parties();
    expect(await seller.browser.post(seller.link, "offer", { refund: "20.00" })).toEqual({
      status: 303,
      location: `${seller.page}?done=14`,
    });
    const offered = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect(offered).toMatchObject({ state: "ConditionRejected", offerRefundMinor: 2000n });
    expect((await api.trade("buyer", tradeId)).json.offer).toMatchObject({ refundAmount: 20 });

    expect(await buyer.browser.post(buyer.link, "accept-offer", { refund: "20.00" })).toEqual({
      status: 303,
      location: `${buyer.page}?done=15`,
    });
    const settled = (await api.trade("buyer", tradeId)).json;
    expect(settled).toMatchObject({
      state: "Succeeded",
      offer: null,
      settlement: { refundAmount: 20, payeeAmount: 1110 },
    });
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({
      state: "PartiallyRefunded",
      refundedAmount: 20,
    });
    expect(await eventsSince(tradeId, "trade.offer_made")).toEqual([
      "trade.offer_accepted",
      "trade.settled",
      "trade.succeeded",
    ]);
  });

  it("the payer declines: the offer closes and the trade has its deadline back", async () => {
    const { tradeId, seller, buyer } = await parties();
    const before = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    await seller.browser.post(seller.link, "offer", { refund: "150.50" });
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).deadlineKind).toBe("lapseOffer");
    expect(await buyer.browser.post(buyer.link, "decline-offer", { refund: "150.50" })).toEqual({
      status: 303,
      location: `${buyer.page}?done=16`,
    });
    const after = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect(after).toMatchObject({
      state: "ConditionRejected",
      offerRefundMinor: null,
      settlementRefundMinor: null,
      deadlineAt: before.deadlineAt,
      deadlineKind: before.deadlineKind,
    });
    expect(await eventsSince(tradeId, "trade.offer_made")).toEqual(["trade.offer_declined"]);
  });

  it("refuses an amount that is not one, or out of range, and changes nothing", async () => {
    const { tradeId, seller } = await parties();
    const before = await snapshot(tradeId);
    for (const [refund, error] of [
      ["abc", "amount_format"],
      ["20.505", "amount_format"],
      ["-5", "amount_format"],
      ["", "amount_format"],
      ["0", "amount_range"],
      ["1236.00", "amount_range"],
      ["99999", "amount_range"],
    ] as const) {
      expect(await seller.browser.post(seller.link, "offer", { refund }), refund).toEqual({
        status: 303,
        location: `${seller.page}?error=${error}`,
      });
    }
    expect(await snapshot(tradeId)).toEqual(before);
  });

  it("lets only the payee offer and only the payer answer, each from their own link and browser", async () => {
    const { tradeId, seller, buyer } = await parties();
    const before = await snapshot(tradeId);
    expect((await buyer.browser.post(buyer.link, "offer", { refund: "20" })).location).toBe(
      `${buyer.page}?error=not_allowed`,
    );
    expect((await seller.browser.post(seller.link, "accept-offer", { refund: "20" })).location).toBe(
      `${seller.page}?error=no_offer`,
    );
    expect((await buyer.browser.post(buyer.link, "accept-offer", { refund: "20" })).location).toBe(
      `${buyer.page}?error=no_offer`,
    );
    expect(await snapshot(tradeId)).toEqual(before);

    await seller.browser.post(seller.link, "offer", { refund: "20" });
    const offered = await snapshot(tradeId);
    // The seller's link in another browser, a forged token, another origin: refused before anything is read.
    expect((await hostedBrowser().post(seller.link, "offer", { refund: "10" })).location).toBe(seller.page);
    expect((await buyer.browser.post(buyer.link, "accept-offer", { refund: "20" }, { csrf: "guessed" })).status).toBe(
      403,
    );
    expect(
      (await buyer.browser.post(buyer.link, "accept-offer", { refund: "20" }, { origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    expect((await seller.browser.post(seller.link, "decline-offer", { refund: "20" })).location).toBe(
      `${seller.page}?error=no_offer`,
    );
    expect(await snapshot(tradeId)).toEqual(offered);
  });

  it("does not let the payer accept an amount the payee has replaced since the page was shown", async () => {
    const { tradeId, seller, buyer } = await parties();
    await seller.browser.post(seller.link, "offer", { refund: "20" });
    await seller.browser.post(seller.link, "offer", { refund: "10" });
    const replaced = await snapshot(tradeId);
    expect(replaced.offer).toBe(1000n);
    expect((await buyer.browser.post(buyer.link, "accept-offer", { refund: "20.00" })).location).toBe(
      `${buyer.page}?error=offer_changed`,
    );
    expect((await buyer.browser.post(buyer.link, "decline-offer", { refund: "20.00" })).location).toBe(
      `${buyer.page}?error=offer_changed`,
    );
    expect(await snapshot(tradeId)).toEqual(replaced);
    expect((await buyer.browser.post(buyer.link, "accept-offer", { refund: "10.00" })).location).toBe(
      `${buyer.page}?done=15`,
    );
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).settlementRefundMinor).toBe(1000n);
  });

  it("answers an offer that lapsed meanwhile with where the trade stands, and changes nothing", async () => {
    const { api, tenant, tradeId, seller } = await parties();
    await seller.browser.post(seller.link, "offer", { refund: "20" });
    const lapsesAt = (await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).offerLapsesAt!;
    // The fresh tenant's sandbox clock is real time: advance it just past the lapse.
    expect(
      (await api.advanceClock(Math.ceil((lapsesAt.getTime() - Date.now()) / 1000) + 1)).json.fired[0],
    ).toMatchObject({ action: "lapseOffer" });
    expect((await eventsSince(tradeId, "trade.offer_made"))[0]).toBe("trade.offer_declined");
    const lapsed = await snapshot(tradeId);
    expect(lapsed.offer).toBeNull();
    // The links of before have expired by then (a link lives shorter than an offer): the payer opens a new one.
    const buyer = await statusPage(tenant.testApiKey, "buyer", tradeId);
    expect((await buyer.browser.post(buyer.link, "accept-offer", { refund: "20.00" })).location).toBe(
      `${buyer.page}?error=no_offer`,
    );
    expect(await snapshot(tradeId)).toEqual(lapsed);
  });
});
