// The label to print, from the trade's status page: the party who sends the parcel (the seller on
// the delivery leg) gets the carrier's PDF in the browser that holds the link; the party who
// receives it, another browser, or another trade's label get nothing. Here the sandbox's carrier
// makes the PDF; tests/integration/shipmondo-labels.test.ts prints Shipmondo's.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { paidTradeWithShipping, printLabel, statusLinkToken } from "../helpers/paid-shipping-trade.ts";
import { db } from "../helpers/tenants.ts";

async function tradeWithLabel() {
  const { tenant, api, tradeId } = await paidTradeWithShipping();
  const bought = await api.buyDelivery("seller", tradeId, {
    price: 80,
    shipmentProviderId: "gls",
    expectedMaxWeightInGrams: 5000,
  });
  expect(bought.status).toBe(200);
  const label = await db.shipmentLabel.findFirstOrThrow({ where: { tradeId } });
  return { tenant, tradeId, label };
}

describe("the label to print", () => {
  it("is the carrier's PDF for the seller, with the label code and the route on it", async () => {
    const { tenant, tradeId, label } = await tradeWithLabel();
    const token = await statusLinkToken(tenant.testApiKey, "seller", tradeId);
    const { response, bytes } = await printLabel(token, label.id, randomUUID());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(bytes.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(bytes.toString("latin1")).toContain(`Label code: ${label.labelCode}`);
    expect(bytes.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
  });

  it("is nothing for the buyer, for another browser, or for another trade's label", async () => {
    const { tenant, tradeId, label } = await tradeWithLabel();
    const buyerToken = await statusLinkToken(tenant.testApiKey, "buyer", tradeId);
    expect((await printLabel(buyerToken, label.id, randomUUID())).response.status).toBe(404);

    const sellerToken = await statusLinkToken(tenant.testApiKey, "seller", tradeId);
    const sellersBrowser = randomUUID();
    expect((await printLabel(sellerToken, label.id, sellersBrowser)).response.status).toBe(200);
    const stranger = (await printLabel(sellerToken, label.id, randomUUID())).response;
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("location")).toBe(`/status/${sellerToken}`);

    const other = await tradeWithLabel();
    expect((await printLabel(sellerToken, other.label.id, sellersBrowser)).response.status).toBe(404);
  });
});
