// The escrow payment exists from Initiate trade and tells the truth until the trade ends
// (decisions.md §9): Pending with the payer's total at once, the same payment for the API and the
// hosted checkout, Cancelled with a trade cancelled unpaid, and its externalId accepted wherever a
// path takes a paymentId.
import { describe, expect, it } from "vitest";
import { expectErrorRecord } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { armchair } from "../helpers/armchair.ts";

// 1200 + 3 % payer fee (36) + 49 shipping the payer pays = 1285.
const TOTAL = 1285;

async function initiated() {
  const { tenant, api, tradeId } = await armchair();
  return { tenant, api, tradeId: tradeId as string };
}

describe("the escrow payment from initiation", () => {
  it("answers Pending with the payer's total right after Initiate trade, to either party", async () => {
    const { api, tradeId } = await initiated();
    const asBuyer = await api.escrowPayment("buyer", tradeId);
    expect(asBuyer.status).toBe(200);
    expect(asBuyer.json).toMatchObject({
      state: "Pending",
      isPaid: false,
      amount: TOTAL,
      refundedAmount: 0,
      purpose: "Escrow",
    });
    expect(asBuyer.json.externalId).toMatch(/^pay_[0-9a-f]{24}$/);
    expect((await api.escrowPayment("seller", tradeId)).json).toEqual(asBuyer.json);
  });

  it("is the payment accept-and-pay answers and pays: one payment, one externalId", async () => {
    const { api, tradeId } = await initiated();
    const before = (await api.escrowPayment("buyer", tradeId)).json;
    const accepted = (await api.acceptAndPay("buyer", tradeId)).json;
    expect(accepted).toEqual(before);
    expect((await api.completePayment(accepted.paymentId)).json).toMatchObject({
      state: "Paid",
      isPaid: true,
      externalId: before.externalId,
    });
    expect((await api.acceptAndPay("buyer", tradeId)).json).toMatchObject({
      paymentId: before.paymentId,
      state: "Paid",
    });
    expect(await db.payment.count({ where: { tradeId, purpose: "Escrow" } })).toBe(1);
  });

  it("becomes Cancelled when the trade is cancelled unpaid, and stays so", async () => {
    const { api, tradeId } = await initiated();
    expect((await api.cancel(tradeId, "Created")).json).toEqual({ state: "Cancelled" });
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({
      state: "Cancelled",
      isPaid: false,
      refundedAmount: 0,
    });
    const payment = (await api.escrowPayment("buyer", tradeId)).json;
    expectErrorRecord(await api.completePayment(payment.paymentId), 409, "invalid-state");
    expectErrorRecord(await api.acceptAndPay("buyer", tradeId), 409, "invalid-state");
  });

  it("becomes Cancelled when an unpaid trade lapses at its deadline", async () => {
    const { api, tradeId } = await initiated();
    await api.acceptAndPay("buyer", tradeId);
    await api.advanceClock(60 * 60 * 24 * 30);
    expect((await api.trade("buyer", tradeId)).json.state).toBe("Cancelled");
    expect((await api.escrowPayment("buyer", tradeId)).json.state).toBe("Cancelled");
  });

  it("takes its externalId wherever a path takes a paymentId: the payment flow and the sandbox", async () => {
    const { api, tradeId } = await initiated();
    const { externalId, paymentId } = (await api.escrowPayment("buyer", tradeId)).json;
    const flow = await api.paymentFlow("buyer", externalId, {
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/cancel",
    });
    expect(flow.status).toBe(200);
    expect(flow.json.redirectUrl).toMatch(/^https:\/\/escrow\.test\//);
    const session = await db.hostedSession.findFirstOrThrow({ where: { tradeId, kind: "PaymentFlow" } });
    expect(session.paymentId).toBe(paymentId);
    expect((await api.completePayment(externalId)).json).toMatchObject({ paymentId, externalId, state: "Paid" });
    // Another user's payment is not found by its externalId either.
    expectErrorRecord(
      await api.paymentFlow("seller", externalId, {
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/cancel",
      }),
      404,
      "not-found",
    );
  });

  it("is not found by another tenant, by id or by externalId", async () => {
    const { api, tradeId } = await initiated();
    const { externalId, paymentId } = (await api.escrowPayment("buyer", tradeId)).json;
    const other = tenantClient((await freshTenant()).testApiKey);
    expectErrorRecord(await other.completePayment(externalId), 404, "not-found");
    expectErrorRecord(await other.completePayment(paymentId), 404, "not-found");
    expect((await api.escrowPayment("buyer", tradeId)).json.state).toBe("Pending");
  });
});
