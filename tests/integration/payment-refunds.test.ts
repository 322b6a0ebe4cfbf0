// Refunds show on the payment record: every path that sends money back to the payer makes the
// escrow payment PartiallyRefunded or Refunded, with refundedAmount equal to what the ledger sent
// back, in the same transaction. (It used to say "Paid" for ever.)
import { describe, expect, it } from "vitest";
import { staffResolveDispute } from "../../lib/console/trades/staff-trade-actions.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db } from "../helpers/tenants.ts";
import { armchair } from "../helpers/armchair.ts";

type Api = ReturnType<typeof tenantClient>;

// 1200 + 3 % payer fee (36) + 49 shipping the payer pays = 1285.
const TOTAL = 1285;

async function paidTrade() {
  const { tenant, api, tradeId } = await armchair();
  const payment = (await api.acceptAndPay("buyer", tradeId)).json;
  expect((await api.completePayment(payment.paymentId)).json).toMatchObject({
    state: "Paid",
    isPaid: true,
    refundedAmount: 0,
  });
  return { tenant, api, tradeId };
}

async function deliver(api: Api, tradeId: string, labelPrice = 49) {
  expect(
    (
      await api.buyDelivery("seller", tradeId, {
        price: labelPrice,
        shipmentProviderId: "gls",
        expectedMaxWeightInGrams: 8000,
      })
    ).status,
  ).toBe(200);
  const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
  await api.track(labelId, "sent");
  await api.track(labelId, "delivered");
  return labelId as string;
}

/** Delivered, rejected by the payer, and the return parcel back at the seller: the return label's payment. */
async function sendBack(api: Api, tradeId: string): Promise<{ paymentId: string }> {
  await deliver(api, tradeId);
  await api.rejectCondition("buyer", tradeId, "Stained seat");
  await api.acceptCondition("seller", tradeId);
  const returnPayment = (
    await api.buyReturn("buyer", tradeId, { price: 55, shipmentProviderId: "postnord", expectedMaxWeightInGrams: 8000 })
  ).json;
  await api.completePayment(returnPayment.paymentId);
  const returnLabel = (await api.trade("buyer", tradeId)).json.phases.return.labelId;
  await api.track(returnLabel, "sent");
  await api.track(returnLabel, "delivered");
  return returnPayment;
}

/** What the ledger sent back to the payer, in major units. */
async function refundedInLedger(tradeId: string): Promise<number> {
  const sum = await db.ledgerPosting.aggregate({
    where: { tradeId, account: "payer_refund" },
    _sum: { amountMinor: true },
  });
  return Number(sum._sum.amountMinor ?? 0n) / 100;
}

async function expectEscrowPayment(api: Api, tradeId: string, state: string, refundedAmount: number) {
  const record = (await api.escrowPayment("buyer", tradeId)).json;
  expect(record).toMatchObject({ state, refundedAmount, isPaid: true, amount: TOTAL });
  expect(await refundedInLedger(tradeId)).toBe(refundedAmount);
}

describe("refunds on the payment record", () => {
  it("a paid trade cancelled by the tenant: Refunded, the whole amount", async () => {
    const { api, tradeId } = await paidTrade();
    expect((await api.cancel(tradeId, "AwaitingShipment")).json).toEqual({ state: "Cancelled" });
    await expectEscrowPayment(api, tradeId, "Refunded", TOTAL);
  });

  it("a parcel lost by the carrier: what escrow held comes back, PartiallyRefunded", async () => {
    const { api, tradeId } = await paidTrade();
    expect(
      (
        await api.buyDelivery("seller", tradeId, {
          price: 49,
          shipmentProviderId: "gls",
          expectedMaxWeightInGrams: 8000,
        })
      ).status,
    ).toBe(200);
    const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
    await api.track(labelId, "sent");
    expect((await api.track(labelId, "lost")).status).toBe(200);
    expect((await api.trade("buyer", tradeId)).json.state).toBe("Cancelled");
    // The label was bought from the payer's shipping money; the loss refunds what escrow held.
    await expectEscrowPayment(api, tradeId, "PartiallyRefunded", TOTAL - 49);
  });

  it("the seller never ships: the deadline cancels and refunds, Refunded", async () => {
    const { api, tradeId } = await paidTrade();
    expect((await api.advanceClock(5 * 24 * 3600 + 60)).status).toBe(200);
    expect((await api.trade("buyer", tradeId)).json.state).toBe("Cancelled");
    await expectEscrowPayment(api, tradeId, "Refunded", TOTAL);
  });

  it("a label cheaper than the shipping the payer paid: the rest comes back, PartiallyRefunded", async () => {
    const { api, tradeId } = await paidTrade();
    expect(
      (
        await api.buyDelivery("seller", tradeId, {
          price: 39,
          shipmentProviderId: "gls",
          expectedMaxWeightInGrams: 1000,
        })
      ).status,
    ).toBe(200);
    await expectEscrowPayment(api, tradeId, "PartiallyRefunded", 10);
  });

  it("a return accepted by the seller: everything but the delivery label, PartiallyRefunded", async () => {
    const { api, tradeId } = await paidTrade();
    const returnPayment = await sendBack(api, tradeId);
    expect((await api.acceptCondition("seller", tradeId)).json.state).toBe("Returned");
    await expectEscrowPayment(api, tradeId, "PartiallyRefunded", TOTAL - 49);
    // The payer's return label is a payment of its own, paid to the carrier and not refunded.
    expect((await db.payment.findUniqueOrThrow({ where: { id: returnPayment.paymentId } })).state).toBe("Paid");
  });

  it("staff decide a disputed return for the payer: PartiallyRefunded by what escrow held", async () => {
    const { tenant, api, tradeId } = await paidTrade();
    await sendBack(api, tradeId);
    expect((await api.rejectCondition("seller", tradeId, "Not what I sent")).json.state).toBe("Disputed");
    const admin = await staffOf(tenant.tenantId, "admin");
    expect(await staffResolveDispute(admin, tradeId, "refund", "Disputed")).toEqual({ state: "Returned" });
    await expectEscrowPayment(api, tradeId, "PartiallyRefunded", TOTAL - 49);
  });

  it("a trade that settles normally keeps its payment Paid with nothing refunded", async () => {
    const { api, tradeId } = await paidTrade();
    await deliver(api, tradeId);
    expect((await api.acceptCondition("buyer", tradeId)).json.state).toBe("Succeeded");
    await expectEscrowPayment(api, tradeId, "Paid", 0);
  });
});
