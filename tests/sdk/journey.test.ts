// The SDK against the real server over real HTTP: README's sandbox journey end to end, a rejection
// settled by the seller's price-reduction offer, and webhooks.verify on the journey's real
// deliveries to a local receiver.
import {
  createEscrowClient,
  EscrowApiError,
  WebhookVerificationError,
  type EscrowClient,
  type WebhookEvent,
} from "@escrow/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookWorker } from "../../lib/webhooks/delivery-worker.ts";
import { startHttpApi } from "../helpers/http-api.ts";
import { freshTenant } from "../helpers/tenants.ts";
import { startReceiver, waitFor } from "../helpers/webhook-receiver.ts";

let api: Awaited<ReturnType<typeof startHttpApi>>;
let worker: ReturnType<typeof startWebhookWorker>;

beforeAll(async () => {
  api = await startHttpApi();
  worker = startWebhookWorker({ concurrency: 8, idleMs: 50 });
}, 60_000);
afterAll(async () => {
  await worker.stop();
  await api.close();
});

async function sdkForFreshTenant(): Promise<EscrowClient> {
  const tenant = await freshTenant();
  return createEscrowClient({ baseUrl: api.origin, token: tenant.testApiKey });
}

/** Connects both users and initiates README's bike trade; answers its id. */
async function bikeTrade(client: EscrowClient) {
  await client.sandbox.connectUser("seller", { kycLevel: 1 });
  await client.sandbox.connectUser("buyer", { kycLevel: 1 });
  const { tradeId, redirectUrl } = await client.trades.initiate({
    title: "Bike",
    description: "Road bike",
    amount: 1200,
    payerFee: 3,
    payeeFee: 5,
    payerMarketplaceUserId: "buyer",
    payeeMarketplaceUserId: "seller",
    shipping: { paidBy: "Payer", price: 49 },
    successUrl: "http://localhost:3000/?ok",
    cancelUrl: "http://localhost:3000/?cancel",
  });
  expect(redirectUrl).toMatch(/\/checkout\//);
  return tradeId;
}

/** Pays into escrow in the sandbox and ships the parcel to the buyer's door. */
async function payAndDeliver(client: EscrowClient, tradeId: string) {
  const payment = await client.trades.acceptAndPay({ marketplaceUserId: "buyer", tradeId });
  expect((await client.sandbox.completePayment(payment.paymentId, "succeeded")).state).toBe("Paid");
  const label = await client.shipments.buyDeliveryLabel({
    marketplaceUserId: "seller",
    tradeId,
    price: 49,
    shipmentProviderId: "gls",
    expectedMaxWeightInGrams: 5000,
  });
  expect(label.purpose).toBe("DeliveryLabel");
  const trade = await client.trades.get({ marketplaceUserId: "seller", tradeId });
  expect(trade.state).toBe("LabelCreated");
  const labelId = trade.phases.delivery!.labelId;
  expect((await client.sandbox.carrierEvent(labelId, "sent")).state).toBe("Sent");
  expect((await client.sandbox.carrierEvent(labelId, "delivered")).state).toBe("Delivered");
}

describe("the SDK on README's sandbox journey", () => {
  it("runs the journey from connect to payout, and verifies every webhook it delivered", async () => {
    const client = await sdkForFreshTenant();
    const receiver = await startReceiver();
    const { secret } = await client.webhooks.subscriptions.create({ url: receiver.url });

    const tradeId = await bikeTrade(client);
    expect((await client.users.get("seller")).kycLevel).toBe(1);
    expect((await client.payments.getEscrow({ marketplaceUserId: "buyer", tradeId })).state).toBe("Pending");
    await payAndDeliver(client, tradeId);
    expect((await client.trades.acceptCondition({ marketplaceUserId: "buyer", tradeId })).state).toBe("Succeeded");
    const advanced = await client.sandbox.advanceClock(1);
    expect(advanced.fired).toContainEqual(expect.objectContaining({ tradeId, state: "Released" }));
    const payouts = await client.payouts.list({ tradeId }).toArray();
    expect(payouts).toEqual([
      expect.objectContaining({ tradeId, amount: 1140, state: "Paid", recipient: { marketplaceUserId: "seller" } }),
    ]);

    // The money behind it: the ledger transfers (cursor paged, read across pages), the export.
    const transfers = await client.balance.transactions({ tradeId, limit: 2 }).toArray();
    expect(transfers.length).toBeGreaterThan(2);
    expect(new Set(transfers.map((t) => t.id)).size).toBe(transfers.length);
    expect((await client.balance.get()).balances.map((b) => b.currency)).toEqual(["DKK"]);
    const day = 86_400_000;
    const csv = await client.exports.trades({
      from: new Date(Date.now() - day).toISOString(),
      to: new Date(Date.now() + day).toISOString(),
      format: "csv",
    });
    expect(csv).toContain(tradeId);

    const expected = [
      "user.connected",
      "user.connected",
      "trade.created",
      "trade.shipment_label_created",
      "trade.shipment_sent",
      "trade.shipment_delivered",
      "trade.condition_accepted",
      "trade.succeeded",
      "payout.paid",
    ];
    await waitFor(() => receiver.received.length >= expected.length, 30_000, "the journey's webhooks");
    const events: WebhookEvent[] = receiver.received.map((delivery) =>
      client.webhooks.verify(delivery.body, delivery.headers, secret),
    );
    expect(events.map((event) => event.eventName).sort()).toEqual([...expected].sort());
    for (const event of events) {
      // The union narrows on eventName: user.connected has no tradeId, trade events no kycLevel.
      if (event.eventName === "user.connected") expect(event.kycLevel).toBe(1);
      else expect(event.tradeId).toBe(tradeId);
    }
    const released = events.find((event) => event.eventName === "payout.paid");
    expect(released?.eventName === "payout.paid" && released.metadata.state).toBe("Released");

    // The delivery log tells the same story.
    const logged = await client.webhooks.events.list({ tradeId, pageSize: 100 }).toArray();
    expect(logged.map((event) => event.eventName).sort()).toEqual(
      expected.filter((name) => name !== "user.connected").sort(),
    );

    // A changed body, or the wrong secret, does not verify.
    const [first] = receiver.received;
    expect(() => client.webhooks.verify(first!.body.replace("}", ',"x":1}'), first!.headers, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      client.webhooks.verify(
        first!.body,
        first!.headers,
        "whsec_" + Buffer.from("not the secret, 32 bytes long!!").toString("base64"),
      ),
    ).toThrow(WebhookVerificationError);
    await receiver.close();
  }, 90_000);

  it("settles a rejected item with the seller's price-reduction offer", async () => {
    const client = await sdkForFreshTenant();
    const tradeId = await bikeTrade(client);
    await payAndDeliver(client, tradeId);
    expect(
      (await client.trades.rejectCondition({ marketplaceUserId: "buyer", tradeId, reason: "The frame is scratched." }))
        .state,
    ).toBe("ConditionRejected");
    const offered = await client.trades.offers.make({ marketplaceUserId: "seller", tradeId, refundAmount: 200 });
    expect(offered.state).toBe("ConditionRejected");
    // Only the payer answers an offer: the seller may not accept their own.
    const refused = await client.trades.offers
      .accept({ marketplaceUserId: "seller", tradeId, refundAmount: 200 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EscrowApiError);
    // The buyer names the offer they were shown: a replaced one is refused, the open one settles.
    const stale = await client.trades.offers
      .accept({ marketplaceUserId: "buyer", tradeId, refundAmount: 150 })
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ status: 409, typeCode: "invalid-state" });
    const settled = await client.trades.offers.accept({
      marketplaceUserId: "buyer",
      tradeId,
      refundAmount: offered.offer!.refundAmount,
    });
    expect(settled.state).toBe("Succeeded");
    expect((await client.payments.getEscrow({ marketplaceUserId: "buyer", tradeId })).state).toBe("PartiallyRefunded");
  }, 90_000);

  it("plays the payer's bank: a chargeback opened, refused twice, and closed won", async () => {
    const client = await sdkForFreshTenant();
    const tradeId = await bikeTrade(client);
    await payAndDeliver(client, tradeId);
    const { paymentId } = await client.payments.getEscrow({ marketplaceUserId: "buyer", tradeId });
    const opened = await client.sandbox.chargeback(paymentId, { reason: "product_not_received" });
    expect(opened).toMatchObject({ tradeId, paymentId, chargebackState: "open", reason: "product_not_received" });
    const again = await client.sandbox.chargeback(paymentId).catch((error: unknown) => error);
    expect(again).toMatchObject({ status: 409, typeCode: "invalid-state" });
    const won = await client.sandbox.closeChargeback(opened.chargebackId, "won");
    expect(won).toMatchObject({
      chargebackId: opened.chargebackId,
      chargebackState: "won",
      closedAt: expect.any(String),
    });
    const closedTwice = await client.sandbox
      .closeChargeback(opened.chargebackId, "lost")
      .catch((error: unknown) => error);
    expect(closedTwice).toMatchObject({ status: 409, typeCode: "invalid-state" });
  }, 90_000);
});
