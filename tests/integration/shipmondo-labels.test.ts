// Labels through Shipmondo (CARRIERS=shipmondo): the trade's label is bought on the platform's
// Shipmondo account (the stand-in of tests/stand-ins/shipmondo, over real HTTP, checking every
// request against Shipmondo's published document) with the parties' names and addresses, the
// status page's label choices are Shipmondo's quotes, and Shipmondo's signed tracking webhooks,
// delivered over real HTTP to POST /carrier-events/shipmondo, move the trade as the sandbox's
// carrier events do. A duplicate changes nothing; a forged message is refused.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { POST as shipmondoRoute } from "../../app/carrier-events/shipmondo/route.ts";
import { labelOptions } from "../../lib/shipping/label-prices.ts";
import { sweepCarrierEvents } from "../../lib/shipping/receive-carrier-event.ts";
import { startShipmondoStandIn, type ShipmondoStandIn } from "../stand-ins/shipmondo/server.ts";
import { paidTradeWithShipping, printLabel, statusLinkToken } from "../helpers/paid-shipping-trade.ts";
import { db } from "../helpers/tenants.ts";

const WEBHOOK_KEY = "shipmondo-webhook-key-for-tests";
let shipmondo: ShipmondoStandIn;
let ours: Server;

/** Our webhook route behind a real HTTP server, as Shipmondo reaches it. */
async function serveWebhookRoute(): Promise<string> {
  ours = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const response = await shipmondoRoute(
      new Request(`http://127.0.0.1${incoming.url}`, {
        method: "POST",
        headers: incoming.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      }),
    );
    outgoing.writeHead(response.status, { "content-type": "application/json" });
    outgoing.end(await response.text());
  });
  await new Promise<void>((resolve) => ours.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(ours.address() as AddressInfo).port}/carrier-events/shipmondo`;
}

beforeAll(async () => {
  shipmondo = await startShipmondoStandIn();
  const settings = {
    CARRIERS: "shipmondo",
    SHIPMONDO_API_BASE: shipmondo.apiBaseUrl,
    SHIPMONDO_API_USER: shipmondo.apiUser,
    SHIPMONDO_API_KEY: shipmondo.apiKey,
    SHIPMONDO_WEBHOOK_KEY: WEBHOOK_KEY,
  };
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
  await shipmondo.controls.registerWebhook({ url: await serveWebhookRoute(), key: WEBHOOK_KEY });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise((resolve) => ours.close(resolve));
  await shipmondo.stop();
});

const accounts = async (tenantId: string) =>
  Object.fromEntries(
    (await db.marketplaceUser.findMany({ where: { tenantId }, include: { serviceAccount: true } })).map((user) => [
      user.marketplaceUserId,
      user.serviceAccount,
    ]),
  );

describe("labels through Shipmondo", () => {
  it("buys the label on Shipmondo from the seller to the buyer, and its tracking moves the trade to Delivered", async () => {
    const { tenant, api, tradeId } = await paidTradeWithShipping();
    const bought = await api.buyDelivery("seller", tradeId, {
      price: 80,
      shipmentProviderId: "gls",
      expectedMaxWeightInGrams: 5000,
    });
    expect(bought.status).toBe(200);

    const label = await db.shipmentLabel.findFirstOrThrow({ where: { tradeId } });
    const booked = shipmondo.controls.shipments().find((s) => s.reference === label.id) as
      { id: number; pkg_no: string; parties: { type: string }[] } | undefined;
    expect(booked).toBeDefined();
    const people = await accounts(tenant.tenantId);
    const parties = Object.fromEntries(booked!.parties.map((party) => [party.type, party]));
    expect(parties.sender).toMatchObject({ name: people.seller!.name, postal_code: people.seller!.postalCode });
    expect(parties.receiver).toMatchObject({ name: people.buyer!.name, postal_code: people.buyer!.postalCode });
    expect(label).toMatchObject({ providerReference: String(booked!.id), labelCode: booked!.pkg_no });
    expect(label.trackingUrl).toBe(`https://gls-group.com/DK/da/find-pakke?match=${booked!.pkg_no}`);

    // The seller prints Shipmondo's own label from the status page.
    const token = await statusLinkToken(tenant.testApiKey, "seller", tradeId);
    const printed = await printLabel(token, label.id, randomUUID());
    expect(printed.response.status).toBe(200);
    const pdf = printed.bytes.toString("latin1");
    expect(pdf.startsWith("%PDF")).toBe(true);
    expect(pdf).toContain(booked!.pkg_no);
    expect(shipmondo.controls.requests().some((seen) => seen.path.endsWith(`/shipments/${booked!.id}/labels`))).toBe(
      true,
    );

    const view = (await api.trade("seller", tradeId)).json;
    expect(view.state).toBe("LabelCreated");
    expect(view.phases.delivery).toMatchObject({ shippingProvider: "gls", labelCode: booked!.pkg_no });

    const sent = await shipmondo.controls.sendTrackingEvent(String(booked!.id), "sent");
    expect(sent.map((attempt) => attempt.answeredStatus)).toEqual([200]);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Sent");
    await shipmondo.controls.sendTrackingEvent(String(booked!.id), "delivered");
    expect((await api.trade("seller", tradeId)).json.state).toBe("Delivered");

    // Again (Shipmondo has no event ids): answered 200, the trade stays where it is.
    const again = await shipmondo.controls.sendTrackingEvent(String(booked!.id), "delivered");
    expect(again.map((attempt) => attempt.answeredStatus)).toEqual([200]);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Delivered");
    // Each status is in the carriers' inbox once, applied.
    const inbox = await db.carrierEvent.findMany({ where: { labelId: label.id }, orderBy: { receivedAt: "asc" } });
    expect(inbox.map((row) => [row.eventKey, row.event, row.appliedAt !== null])).toEqual([
      [`${booked!.id}:sent`, "sent", true],
      [`${booked!.id}:delivered`, "delivered", true],
    ]);
  });

  it("applies a message that was stored but never applied (the server died in between) in the scheduler's sweep", async () => {
    const { api, tradeId } = await paidTradeWithShipping();
    await api.buyDelivery("seller", tradeId, { price: 80, shipmentProviderId: "gls", expectedMaxWeightInGrams: 5000 });
    const label = await db.shipmentLabel.findFirstOrThrow({ where: { tradeId } });
    const receivedAt = new Date(Date.now() - 60_000);
    await db.carrierEvent.create({
      data: {
        provider: "shipmondo",
        eventKey: `${label.providerReference}:sent`,
        labelId: label.id,
        event: "sent",
        receivedAt,
      },
    });
    expect((await api.trade("seller", tradeId)).json.state).toBe("LabelCreated");

    expect(await sweepCarrierEvents(new Date())).toBeGreaterThanOrEqual(1);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Sent");
    expect(await db.carrierEvent.findFirstOrThrow({ where: { labelId: label.id } })).toMatchObject({
      appliedAt: expect.any(Date),
      tries: 1,
    });
    // Shipmondo's own message, arriving after all: a duplicate, answered 200, nothing moves.
    const late = await shipmondo.controls.sendTrackingEvent(label.providerReference!, "sent");
    expect(late.map((attempt) => attempt.answeredStatus)).toEqual([200]);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Sent");
  });

  it("offers Shipmondo's quotes on the status page, in exact minor units", async () => {
    const { tradeId } = await paidTradeWithShipping();
    const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    const options = await labelOptions(trade, "Delivery");
    // GLS HomeDelivery (the default GLS product) up to 5 kg is 69.00 kr at the stand-in, 99.00 up to 20 kg.
    const gls = options.filter((option) => option.carrier === "gls");
    expect(gls.find((option) => option.weightGrams === 5000)?.priceMinor).toBe(6900n);
    expect(gls.find((option) => option.weightGrams === 20000)?.priceMinor).toBe(9900n);
    expect(options.every((option) => ["gls", "postnord"].includes(option.carrier))).toBe(true);
    const quoted = shipmondo.controls.requests().filter((request) => request.path.endsWith("/quotes/list"));
    expect(quoted.length).toBeGreaterThan(0);
  });

  it("has no webhook endpoint on a deployment without Shipmondo's webhook key", async () => {
    vi.stubEnv("SHIPMONDO_WEBHOOK_KEY", "");
    const response = await shipmondoRoute(
      new Request("http://127.0.0.1/carrier-events/shipmondo", { method: "POST", body: JSON.stringify({ data: "x" }) }),
    );
    vi.stubEnv("SHIPMONDO_WEBHOOK_KEY", WEBHOOK_KEY);
    expect(response.status).toBe(404);
  });

  it("refuses a message not signed with the webhook key, and applies nothing", async () => {
    const { api, tradeId } = await paidTradeWithShipping();
    await api.buyDelivery("seller", tradeId, {
      price: 80,
      shipmentProviderId: "postnord",
      expectedMaxWeightInGrams: 5000,
    });
    const response = await shipmondoRoute(
      new Request("http://127.0.0.1/carrier-events/shipmondo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ data: "eyJhbGciOiJIUzI1NiJ9.eyJzdGF0dXMiOiJkZWxpdmVyZWQifQ.forged" }),
      }),
    );
    expect(response.status).toBe(400);
    expect((await api.trade("seller", tradeId)).json.state).toBe("LabelCreated");
  });
});
