// Chargebacks in the sandbox: the simulated bank disputes a paid escrow payment and decides it
// (POST /v1/sandbox/payments/{p}/chargeback, /v1/sandbox/chargebacks/{c}/close), and the news takes
// the path a real rail's dispute takes (tests/integration/stripe-chargebacks.test.ts): the bank's
// signed callback into the inbox, applied by asking the bank. Before the payout it holds the payout;
// after it the service bears it; a won one gives the money back; each is recorded once, however
// often its callback arrives, and the bank's statement reconciles with our records.
import { describe, expect, it } from "vitest";
import { POST as railEvents } from "../../app/rail-events/[provider]/route.ts";
import { reconcileRail } from "../../lib/payments/reconcile-rail.ts";
import { simulatedPaymentRail } from "../../lib/payments/simulated-rail/rail.ts";
import { signCallback, SIGNATURE_HEADER } from "../../lib/payments/simulated-rail/signing.ts";
import { simulatedDisputeEventBody } from "../../lib/payments/simulated-rail/simulated-event.ts";
import { expectErrorRecord } from "../helpers/call-route.ts";
import { chargebackLedger } from "../helpers/chargeback-ledger.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { BIKE_BY_HAND } from "../helpers/trades.ts";

/** A trade paid in the sandbox and accepted by the buyer (handed over in person): its payout is due. */
async function settledTrade() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  const initiated = await api.initiate(BIKE_BY_HAND);
  expect(initiated.status).toBe(200);
  const tradeId = initiated.json.tradeId as string;
  const payment = (await api.acceptAndPay("buyer", tradeId)).json;
  expect((await api.completePayment(payment.paymentId)).json.state).toBe("Paid");
  expect((await api.acceptCondition("buyer", tradeId)).json.state).toBe("Succeeded");
  return { tenant, api, tradeId, paymentId: payment.paymentId as string };
}

const TAKEN = [
  ["chargeback", "chargeback_loss", -100_000n],
  ["chargeback", "payer_chargeback", 100_000n],
] as const;
const GIVEN_BACK = [
  ["chargeback_reversal", "chargeback_loss", 100_000n],
  ["chargeback_reversal", "payer_chargeback", -100_000n],
] as const;
/** Taken and given back, in chargebackLedger's order. */
const TAKEN_AND_GIVEN_BACK = [...GIVEN_BACK, ...TAKEN];

const noticesOf = async (tradeId: string) =>
  (
    await db.outboxEvent.findMany({
      where: {
        tradeId,
        OR: [{ eventName: { startsWith: "payout." } }, { eventName: { startsWith: "trade.chargeback" } }],
      },
      orderBy: { sequence: "asc" },
    })
  ).map((e): [string, string | undefined, string | undefined] => {
    const metadata = (e.payload as { metadata: { chargebackState?: string; chargebackId?: string } }).metadata;
    return [e.eventName, metadata.chargebackState, metadata.chargebackId];
  });

const payoutsOf = (tradeId: string) => db.payout.findMany({ where: { tradeId }, orderBy: { attempt: "asc" } });

/** The bank's callback, as the rail posts it to our route. */
function postCallback(body: string) {
  const request = new Request("https://escrow.test/rail-events/simulated", {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signCallback(body) },
    body,
  });
  return railEvents(request, { params: Promise.resolve({ provider: "simulated" }) }).then((r) => r.json());
}

describe("chargebacks in the sandbox", () => {
  it("holds the payout of a settled trade while a chargeback is open, and pays it out once the chargeback is won", async () => {
    const { api, tradeId, paymentId } = await settledTrade();
    const opened = await api.chargeback(paymentId, { reason: "product_not_received" });
    expect(opened.status).toBe(200);
    expect(opened.json).toEqual({
      chargebackId: expect.any(String),
      tradeId,
      paymentId,
      chargebackState: "open",
      amount: 1000,
      currency: "DKK",
      reason: "product_not_received",
      openedAt: expect.any(String),
      closedAt: null,
    });
    const { chargebackId } = opened.json;
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: chargebackId } })).toMatchObject({
      state: "Open",
      provider: "simulated",
      railDisputeId: expect.stringMatching(/^simdispute_[0-9a-f]{24}$/),
      amountMinor: 100_000n,
    });
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN);

    // Due, but held: the bank is not asked to pay anything out.
    await api.advanceClock(1);
    expect(await payoutsOf(tradeId)).toEqual([]);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({
      state: "Succeeded",
      deadlineAt: null,
    });

    const won = await api.closeChargeback(chargebackId, "won");
    expect(won.status).toBe(200);
    expect(won.json).toMatchObject({ chargebackId, chargebackState: "won", closedAt: expect.any(String) });
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN_AND_GIVEN_BACK);
    await api.advanceClock(1);
    expect((await payoutsOf(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
    expect(await noticesOf(tradeId)).toEqual([
      ["trade.chargeback_opened", "open", chargebackId],
      ["trade.chargeback_closed", "won", chargebackId],
      ["payout.paid", undefined, undefined],
    ]);
  });

  it("records a chargeback after the payout, which the service bears, and a lost one stays with the payer; each webhook once", async () => {
    const { api, tradeId, paymentId } = await settledTrade();
    await api.advanceClock(1);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");

    const opened = await api.chargeback(paymentId);
    expect(opened.json).toMatchObject({ chargebackState: "open", reason: "fraudulent", amount: 1000 });
    const lost = await api.closeChargeback(opened.json.chargebackId, "lost");
    expect(lost.status).toBe(200);
    expect(lost.json).toMatchObject({ chargebackId: opened.json.chargebackId, chargebackState: "lost" });
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: opened.json.chargebackId } })).toMatchObject({
      state: "Lost",
    });
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN);
    expect((await payoutsOf(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
    expect((await noticesOf(tradeId)).filter(([name]) => name.startsWith("trade.chargeback"))).toEqual([
      ["trade.chargeback_opened", "open", opened.json.chargebackId],
      ["trade.chargeback_closed", "lost", opened.json.chargebackId],
    ]);
  });

  it("changes nothing when the bank's callback comes again, duplicated or as a new event about the same dispute", async () => {
    const { api, tradeId, paymentId } = await settledTrade();
    const { chargebackId } = (await api.chargeback(paymentId)).json;
    const { railDisputeId } = await db.chargeback.findUniqueOrThrow({ where: { id: chargebackId } });
    const again = simulatedDisputeEventBody(railDisputeId);
    expect(await postCallback(again)).toEqual({ received: true, outcome: "applied" });
    expect(await postCallback(again)).toEqual({ received: true, outcome: "duplicate" });
    expect(await db.chargeback.count({ where: { tradeId } })).toBe(1);
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN);

    expect((await api.closeChargeback(chargebackId, "won")).status).toBe(200);
    const late = simulatedDisputeEventBody(railDisputeId);
    expect(await postCallback(late)).toEqual({ received: true, outcome: "applied" });
    expect(await postCallback(again)).toEqual({ received: true, outcome: "duplicate" });
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: chargebackId } })).toMatchObject({ state: "Won" });
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN_AND_GIVEN_BACK);
    expect((await noticesOf(tradeId)).map(([name, state]) => [name, state])).toEqual([
      ["trade.chargeback_opened", "open"],
      ["trade.chargeback_closed", "won"],
    ]);
    expect(await db.railCallback.count({ where: { objectId: railDisputeId, appliedAt: { not: null } } })).toBe(4);
  });

  it("opens one chargeback when two requests for it race: the other is refused and records nothing", async () => {
    const { api, tradeId, paymentId } = await settledTrade();
    const answers = await Promise.all([api.chargeback(paymentId), api.chargeback(paymentId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await db.chargeback.count({ where: { tradeId } })).toBe(1);
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN);
    expect((await noticesOf(tradeId)).map(([name]) => name)).toEqual(["trade.chargeback_opened"]);
  });

  it("refuses another tenant's or an unknown payment, one not paid, a label's, a refunded one and one disputed already", async () => {
    const { tenant, api, tradeId, paymentId } = await settledTrade();
    const other = tenantClient((await freshTenant()).testApiKey);
    expectErrorRecord(await other.chargeback(paymentId), 404, "not-found");
    expectErrorRecord(await api.chargeback("pay_nosuchpayment"), 404, "not-found");
    expectErrorRecord(await api.chargeback(paymentId, { reason: "bored" }), 400, "validation-error");
    expect(
      (await api.chargeback(paymentId, { reason: "bored", extra: 1 })).json.errors.map((e: { key: string }) => e.key),
    ).toEqual(expect.arrayContaining(["reason", "extra"]));
    expectErrorRecord(await tenantClient(tenant.liveApiKey).chargeback(paymentId), 403, "forbidden");

    // Not paid: an escrow payment still Pending.
    const pending = await api.initiate({
      title: "Lamp",
      description: "Brass",
      amount: 100,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
    });
    const unpaid = (await api.acceptAndPay("buyer", pending.json.tradeId)).json.paymentId;
    expect(expectErrorRecord(await api.chargeback(unpaid), 409, "invalid-state").detail).toMatch(/`Pending`/);

    // A label's payment is not the escrow payment.
    const shipped = await settledTradeAwaitingShipment(api);
    const label = await api.buyDelivery("seller", shipped, {
      price: 10,
      shipmentProviderId: "gls",
      expectedMaxWeightInGrams: 100,
    });
    expect(label.status).toBe(200);
    await api.completePayment(label.json.paymentId);
    expect(expectErrorRecord(await api.chargeback(label.json.paymentId), 409, "invalid-state").detail).toMatch(/label/);

    // Refunded: a cancelled trade gave the payer their money back.
    const cancelledTrade = await settledTradeAwaitingShipment(api);
    expect((await api.cancel(cancelledTrade, "AwaitingShipment")).status).toBe(200);
    const refunded = (await api.escrowPayment("buyer", cancelledTrade)).json;
    expect(expectErrorRecord(await api.chargeback(refunded.paymentId), 409, "invalid-state").detail).toMatch(
      /`Refunded`/,
    );

    // Disputed already: open, then closed (a payer's bank takes a payment back once); nothing more is recorded.
    const first = await api.chargeback(paymentId);
    expect(first.status).toBe(200);
    const open = expectErrorRecord(await api.chargeback(paymentId), 409, "invalid-state");
    expect(open.detail).toContain(first.json.chargebackId);
    expect((await api.closeChargeback(first.json.chargebackId, "lost")).status).toBe(200);
    expect(expectErrorRecord(await api.chargeback(paymentId), 409, "invalid-state").detail).toContain("`lost`");
    expect(await db.chargeback.count({ where: { tradeId } })).toBe(1);
    expect(await chargebackLedger(tradeId)).toEqual(TAKEN);

    // A payment a real rail took (this deployment's test mode on Stripe): the sandbox's bank cannot take it back.
    const elsewhere = await settledTradeAwaitingShipment(api);
    const atStripe = (await api.escrowPayment("buyer", elsewhere)).json.paymentId;
    await db.payment.update({ where: { id: atStripe }, data: { provider: "stripe" } });
    expectErrorRecord(await api.chargeback(atStripe), 403, "forbidden");
  });

  it("refuses to close another tenant's or an unknown chargeback, one closed already, and a bad outcome", async () => {
    const { api, tradeId, paymentId } = await settledTrade();
    const { chargebackId } = (await api.chargeback(paymentId)).json;
    const other = tenantClient((await freshTenant()).testApiKey);
    expectErrorRecord(await other.closeChargeback(chargebackId, "won"), 404, "not-found");
    expectErrorRecord(await api.closeChargeback("00000000-0000-4000-8000-000000000000", "won"), 404, "not-found");
    const bad = expectErrorRecord(await api.closeChargeback(chargebackId, "maybe"), 400, "validation-error");
    expect(bad.errors.map((e) => e.key)).toEqual(["outcome"]);
    expectErrorRecord(await api.closeChargeback(chargebackId, undefined), 400, "validation-error");

    expect((await api.closeChargeback(chargebackId, "won")).status).toBe(200);
    const closed = expectErrorRecord(await api.closeChargeback(chargebackId, "lost"), 409, "invalid-state");
    expect(closed.detail).toContain("`won`");
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: chargebackId } })).toMatchObject({ state: "Won" });
    expect((await noticesOf(tradeId)).filter(([name]) => name === "trade.chargeback_closed")).toHaveLength(1);
  });

  it("reconciles the simulated bank's statement with our chargebacks, won and lost, with no mismatch", async () => {
    const from = new Date(Date.now() - 60_000);
    const first = await settledTrade();
    const second = await settledTrade();
    const won = (await first.api.chargeback(first.paymentId)).json.chargebackId as string;
    const lost = (await second.api.chargeback(second.paymentId)).json.chargebackId as string;
    await first.api.closeChargeback(won, "won");
    await second.api.closeChargeback(lost, "lost");
    const disputes = await db.chargeback.findMany({ where: { id: { in: [won, lost] } } });
    const disputeOf = (id: string) => disputes.find((c) => c.id === id)!.railDisputeId;

    const period = { from, to: new Date(Date.now() + 60_000) };
    const lines = [];
    for await (const t of simulatedPaymentRail.balanceTransactions(period))
      if ([disputeOf(won), disputeOf(lost)].includes(t.sourceId)) lines.push([t.kind, t.sourceId, t.amountMinor]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ["chargeback", disputeOf(won), -100_000n],
        ["chargeback_reversal", disputeOf(won), 100_000n],
        ["chargeback", disputeOf(lost), -100_000n],
      ]),
    );
    expect(lines).toHaveLength(3);

    const result = await reconcileRail(simulatedPaymentRail, period);
    const ours = [first.tenant.tenantId, second.tenant.tenantId];
    expect(result.mismatches.filter((m) => m.tenantId !== null && ours.includes(m.tenantId))).toEqual([]);
    expect(result.mismatches.filter((m) => [disputeOf(won), disputeOf(lost)].includes(m.railObjectId ?? ""))).toEqual(
      [],
    );
  });
});

/** Another trade of the same tenant, paid and waiting for the seller to ship (cancellable, a label can be bought). */
async function settledTradeAwaitingShipment(api: ReturnType<typeof tenantClient>) {
  const initiated = await api.initiate({
    title: "Chair",
    description: "Oak",
    amount: 300,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: "buyer",
    payeeMarketplaceUserId: "seller",
    successUrl: "https://shop.example/ok",
    cancelUrl: "https://shop.example/cancel",
    shipping: { paidBy: "Payer", price: 10, expectedMaxWeight: 1000 },
  });
  expect(initiated.status).toBe(200);
  const tradeId = initiated.json.tradeId as string;
  const payment = (await api.acceptAndPay("buyer", tradeId)).json;
  expect((await api.completePayment(payment.paymentId)).json.state).toBe("Paid");
  return tradeId;
}
