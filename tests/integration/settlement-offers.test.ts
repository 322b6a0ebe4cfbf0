// Settling a rejected or disputed item (decisions.md §9): the tenant's settlement, the payee's
// price-reduction offer that the payer accepts, declines or lets lapse, and races between them.
// Every path: the right money to each account, the payment record's refund, the events in order.
import { describe, expect, it } from "vitest";
import { expectErrorRecord } from "../helpers/call-route.ts";
import { ITEM_MONEY, rejectedTrade } from "../helpers/rejected-trade.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

type Api = ReturnType<typeof tenantClient>;

async function ledger(tradeId: string) {
  const rows = await db.ledgerPosting.groupBy({ by: ["account"], where: { tradeId }, _sum: { amountMinor: true } });
  return Object.fromEntries(rows.map((r) => [r.account, r._sum.amountMinor ?? 0n]));
}

const eventsAfterRejection = async (tradeId: string) => {
  const rows = await db.outboxEvent.findMany({
    where: { tradeId },
    orderBy: { sequence: "asc" },
    select: { eventName: true },
  });
  const names = rows.map((r) => r.eventName);
  return names.slice(names.indexOf("trade.condition_rejected") + 1);
};

async function releasePayout(api: Api) {
  await api.advanceClock(1);
}

describe("settlement by the tenant", () => {
  it("gives the payer part back, the payee the rest less the fees, and finishes Succeeded, then Released", async () => {
    const { api, tradeId } = await rejectedTrade();
    const settled = await api.settle(tradeId, { refundAmount: 20, reason: "Agreed 20 off for the stained seat" });
    expect(settled.status).toBe(200);
    expect(settled.json).toMatchObject({
      tradeId,
      state: "Succeeded",
      settlement: { refundAmount: 20, payeeAmount: 1110 },
      offer: null,
    });
    expect(settled.json.phases.finished.amount).toBe(1110);
    // The answer is the Trade that Get trade details then shows, its label and parties included.
    expect(settled.json).toEqual((await api.trade("seller", tradeId)).json);
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({
      state: "PartiallyRefunded",
      isPaid: true,
      refundedAmount: 20,
    });
    expect(await eventsAfterRejection(tradeId)).toEqual(["trade.settled", "trade.succeeded"]);
    await releasePayout(api);
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
    expect(await ledger(tradeId)).toMatchObject({
      escrow: 0n,
      payee_payable: 0n,
      payee_bank: 111000n,
      tenant_revenue: 10600n,
      payer_refund: 2000n,
    });
    const entry = await db.tradeTimelineEntry.findFirstOrThrow({ where: { tradeId, action: "settle" } });
    expect(entry).toMatchObject({
      actor: "tenant",
      fromState: "ConditionRejected",
      toState: "Succeeded",
      details: { refundMinor: "2000", reason: "Agreed 20 off for the stained seat" },
    });
  });

  it("takes a refund larger than the payee's payout out of the tenant's fees, never below zero", async () => {
    const { api, tradeId } = await rejectedTrade();
    expect((await api.settle(tradeId, { refundAmount: 1200, reason: "Nearly all back" })).json.settlement).toEqual({
      refundAmount: 1200,
      payeeAmount: 0,
    });
    await releasePayout(api);
    const accounts = await ledger(tradeId);
    expect(accounts).toMatchObject({ escrow: 0n, tenant_revenue: 3600n, payer_refund: 120000n });
    expect(accounts.payee_bank ?? 0n).toBe(0n); // nothing to pay out: no posting at all
    expect((await api.trade("seller", tradeId)).json.state).toBe("Released");
  });

  it("ends the trade Returned when the whole of the payer's money for the item goes back, fees included", async () => {
    const { api, tradeId } = await rejectedTrade();
    const settled = (await api.settle(tradeId, { refundAmount: ITEM_MONEY, reason: "Keep it, full refund" })).json;
    expect(settled).toMatchObject({ state: "Returned", settlement: { refundAmount: ITEM_MONEY, payeeAmount: 0 } });
    expect(await eventsAfterRejection(tradeId)).toEqual(["trade.settled", "trade.return_condition_accepted"]);
    expect(await ledger(tradeId)).toMatchObject({ escrow: 0n, payer_refund: 123600n });
    expect((await ledger(tradeId)).tenant_revenue ?? 0n).toBe(0n);
    // The 49 of shipping went to the carrier: the payment is refunded in part, and says how much.
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({
      state: "PartiallyRefunded",
      refundedAmount: ITEM_MONEY,
    });
  });

  it("works on a Disputed trade too", async () => {
    const { api, tradeId } = await rejectedTrade();
    expect((await api.rejectCondition("seller", tradeId, "It was clean when sent")).json.state).toBe("Disputed");
    expect((await api.settle(tradeId, { refundAmount: 100, reason: "Split the difference" })).json).toMatchObject({
      state: "Succeeded",
      settlement: { refundAmount: 100, payeeAmount: 1030 },
    });
  });

  it("refuses more than the payer's money, a trade in another state, another tenant's trade, and bad bodies, changing nothing", async () => {
    const { api, tradeId } = await rejectedTrade();
    const tooMuch = expectErrorRecord(
      await api.settle(tradeId, { refundAmount: ITEM_MONEY + 0.01, reason: "x" }),
      400,
      "validation-error",
    );
    expect(tooMuch.errors).toEqual([expect.objectContaining({ key: "refundAmount" })]);
    expectErrorRecord(await api.settle(tradeId, { refundAmount: -1, reason: "x" }), 400, "validation-error");
    expectErrorRecord(await api.settle(tradeId, { refundAmount: 10 }), 400, "validation-error");
    expectErrorRecord(await api.settle(tradeId, { refundAmount: 10, reason: "x", extra: 1 }), 400, "validation-error");
    const other = tenantClient((await freshTenant()).testApiKey);
    expectErrorRecord(await other.settle(tradeId, { refundAmount: 10, reason: "x" }), 404, "not-found");
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({ state: "ConditionRejected", settlement: null });
    expect(await eventsAfterRejection(tradeId)).toEqual([]);

    const fresh = await rejectedTrade();
    await fresh.api.settle(fresh.tradeId, { refundAmount: 5, reason: "x" });
    expectErrorRecord(
      await fresh.api.settle(fresh.tradeId, { refundAmount: 5, reason: "again" }),
      409,
      "invalid-state",
    );
  });
});

describe("price-reduction offers", () => {
  it("accepted: the payer keeps the item for less, the trade settles Succeeded", async () => {
    const { api, tradeId } = await rejectedTrade();
    const offered = (await api.makeOffer("seller", tradeId, { refundAmount: 20 })).json;
    expect(offered).toMatchObject({ state: "ConditionRejected", offer: { refundAmount: 20 }, settlement: null });
    expect(Date.parse(offered.offer.lapsesAt)).toBeGreaterThan(Date.parse(offered.offer.madeAt));
    const accepted = (await api.acceptOffer("buyer", tradeId, { refundAmount: 20 })).json;
    expect(accepted).toMatchObject({
      state: "Succeeded",
      offer: null,
      settlement: { refundAmount: 20, payeeAmount: 1110 },
    });
    expect(await eventsAfterRejection(tradeId)).toEqual([
      "trade.offer_made",
      "trade.offer_accepted",
      "trade.settled",
      "trade.succeeded",
    ]);
    expect((await api.escrowPayment("buyer", tradeId)).json).toMatchObject({
      state: "PartiallyRefunded",
      refundedAmount: 20,
    });
    await releasePayout(api);
    expect(await ledger(tradeId)).toMatchObject({
      escrow: 0n,
      payee_bank: 111000n,
      tenant_revenue: 10600n,
      payer_refund: 2000n,
    });
  });

  it("declined: the offer closes and the trade continues as before, with its deadline back", async () => {
    const { api, tradeId } = await rejectedTrade();
    const before = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    await api.makeOffer("seller", tradeId, { refundAmount: 50 });
    const during = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect(during.deadlineKind).toBe("lapseOffer");
    expect((await api.declineOffer("buyer", tradeId)).json).toMatchObject({
      state: "ConditionRejected",
      offer: null,
      settlement: null,
    });
    const after = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect({ at: after.deadlineAt, kind: after.deadlineKind }).toEqual({
      at: before.deadlineAt,
      kind: before.deadlineKind,
    });
    expect(await eventsAfterRejection(tradeId)).toEqual(["trade.offer_made", "trade.offer_declined"]);
    expect(await ledger(tradeId)).toMatchObject({ escrow: 123600n });
    // The payee may still take the item back, as before the offer.
    expect((await api.acceptCondition("seller", tradeId)).json.state).toBe("ReturnAwaitingShipment");
  });

  it("lapsed: unanswered until the deadline, the offer lapses and the trade goes on as it would have", async () => {
    const { api, tradeId } = await rejectedTrade();
    await api.makeOffer("seller", tradeId, { refundAmount: 50 });
    const advanced = (await api.advanceClock(60 * 60 * 24 * 3)).json;
    expect(advanced.fired.map((f: { action: string }) => f.action)).toEqual(["lapseOffer", "autoAcceptRejection"]);
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({
      state: "ReturnAwaitingShipment",
      offer: null,
      settlement: null,
    });
    expect(await eventsAfterRejection(tradeId)).toEqual(["trade.offer_made", "trade.offer_declined"]);
    expectErrorRecord(await api.acceptOffer("buyer", tradeId, { refundAmount: 50 }), 409, "invalid-state");
  });

  it("a new offer replaces the open one and keeps the deadline it will give back", async () => {
    const { api, tradeId } = await rejectedTrade();
    const before = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    await api.makeOffer("seller", tradeId, { refundAmount: 50 });
    expect((await api.makeOffer("seller", tradeId, { refundAmount: 30 })).json.offer.refundAmount).toBe(30);
    await api.declineOffer("buyer", tradeId);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).deadlineAt).toEqual(before.deadlineAt);
  });

  it("refuses the wrong party, no open offer, and amounts outside 0 < refund < the payer's money", async () => {
    const { api, tradeId } = await rejectedTrade();
    expectErrorRecord(await api.acceptOffer("buyer", tradeId, { refundAmount: 10 }), 409, "invalid-state");
    expectErrorRecord(await api.declineOffer("buyer", tradeId), 409, "invalid-state");
    expectErrorRecord(await api.makeOffer("buyer", tradeId, { refundAmount: 10 }), 409, "invalid-state");
    for (const refundAmount of [0, ITEM_MONEY, ITEM_MONEY + 1]) {
      const refused = expectErrorRecord(
        await api.makeOffer("seller", tradeId, { refundAmount }),
        400,
        "validation-error",
      );
      expect(refused.errors).toEqual([expect.objectContaining({ key: "refundAmount" })]);
    }
    await api.makeOffer("seller", tradeId, { refundAmount: 10 });
    expectErrorRecord(await api.acceptOffer("seller", tradeId, { refundAmount: 10 }), 409, "invalid-state");
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({
      state: "ConditionRejected",
      offer: { refundAmount: 10 },
    });
  });

  it("accepts only the offer the payer names: one the payee replaced meanwhile is refused, and nothing moves", async () => {
    const { api, tradeId } = await rejectedTrade();
    await api.makeOffer("seller", tradeId, { refundAmount: 90 });
    // The payer saw 90.00; the payee replaced it with 0.01 before the payer's accept arrived.
    await api.makeOffer("seller", tradeId, { refundAmount: 0.01 });
    const refused = expectErrorRecord(
      await api.acceptOffer("buyer", tradeId, { refundAmount: 90 }),
      409,
      "invalid-state",
    );
    expect(refused.detail).toContain("0.01");
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({
      state: "ConditionRejected",
      offer: { refundAmount: 0.01 },
      settlement: null,
    });
    expect(await eventsAfterRejection(tradeId)).toEqual(["trade.offer_made", "trade.offer_made"]);
    expect(await ledger(tradeId)).toMatchObject({ escrow: 123600n });
    expect((await api.escrowPayment("buyer", tradeId)).json.refundedAmount).toBe(0);

    // Naming the open offer's amount (rounded as every amount is) accepts it.
    expect((await api.acceptOffer("buyer", tradeId, { refundAmount: 0.009 })).json).toMatchObject({
      state: "Succeeded",
      settlement: { refundAmount: 0.01 },
    });
  });

  it("refuses an accept that names no offer, and fields on a decline, changing nothing", async () => {
    const { api, tradeId } = await rejectedTrade();
    await api.makeOffer("seller", tradeId, { refundAmount: 20 });
    const noBody = expectErrorRecord(await api.acceptOffer("buyer", tradeId), 400, "validation-error");
    expect(noBody.errors).toEqual([expect.objectContaining({ key: "body" })]);
    const empty = expectErrorRecord(await api.acceptOffer("buyer", tradeId, {}), 400, "validation-error");
    expect(empty.errors).toEqual([expect.objectContaining({ key: "refundAmount" })]);
    const extra = expectErrorRecord(
      await api.acceptOffer("buyer", tradeId, { refundAmount: 20, offerId: "x" }),
      400,
      "validation-error",
    );
    expect(extra.errors).toEqual([{ key: "offerId", value: "Unknown field" }]);
    // Decline takes no body: a field is refused as an unknown field, not ignored.
    const declineField = expectErrorRecord(
      await api.declineOffer("buyer", tradeId, { refundAmount: 20 }),
      400,
      "validation-error",
    );
    expect(declineField.errors).toEqual([{ key: "refundAmount", value: "Unknown field" }]);
    const declineText = expectErrorRecord(await api.declineOffer("buyer", tradeId, "no"), 400, "validation-error");
    expect(declineText.errors).toEqual([expect.objectContaining({ key: "body" })]);
    expect((await api.trade("buyer", tradeId)).json).toMatchObject({
      state: "ConditionRejected",
      offer: { refundAmount: 20 },
    });
    expect(await eventsAfterRejection(tradeId)).toEqual(["trade.offer_made"]);
    // An empty object is no field at all: decline answers as without a body.
    expect((await api.declineOffer("buyer", tradeId, {})).json).toMatchObject({ offer: null });
  });

  it("leaving the state closes an open offer: a settlement by the tenant overtakes it", async () => {
    const { api, tradeId } = await rejectedTrade();
    await api.makeOffer("seller", tradeId, { refundAmount: 50 });
    expect((await api.settle(tradeId, { refundAmount: 70, reason: "Support decided" })).json).toMatchObject({
      state: "Succeeded",
      offer: null,
      settlement: { refundAmount: 70 },
    });
    expectErrorRecord(await api.acceptOffer("buyer", tradeId, { refundAmount: 50 }), 409, "invalid-state");
  });
});

describe("races (PostgreSQL shows them; the embedded database runs them one after another)", () => {
  it("a settlement racing the payer's accept: exactly one takes effect", async () => {
    for (let round = 0; round < 3; round++) {
      const { api, tradeId } = await rejectedTrade();
      await api.makeOffer("seller", tradeId, { refundAmount: 20 });
      const [settled, accepted] = await Promise.all([
        api.settle(tradeId, { refundAmount: 70, reason: "Support decided" }),
        api.acceptOffer("buyer", tradeId, { refundAmount: 20 }),
      ]);
      expect([settled.status, accepted.status].filter((s) => s === 200)).toHaveLength(1);
      for (const loser of [settled, accepted].filter((r) => r.status !== 200)) expect(loser.status).toBe(409);
      const refund = settled.status === 200 ? 7000n : 2000n;
      expect(await eventsAfterRejection(tradeId)).toEqual(
        settled.status === 200
          ? ["trade.offer_made", "trade.settled", "trade.succeeded"]
          : ["trade.offer_made", "trade.offer_accepted", "trade.settled", "trade.succeeded"],
      );
      expect(await ledger(tradeId)).toMatchObject({
        escrow: 0n,
        payer_refund: refund,
        payee_payable: 113000n - refund,
      });
      expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "settleWithRefund" } })).toBe(1);
    }
  });

  it("an offer accepted twice at once settles once", async () => {
    const { api, tradeId } = await rejectedTrade();
    await api.makeOffer("seller", tradeId, { refundAmount: 20 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api.acceptOffer("buyer", tradeId, { refundAmount: 20 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(409);
    expect(await db.ledgerTransfer.count({ where: { tradeId, kind: "settleWithRefund" } })).toBe(1);
    expect((await api.escrowPayment("buyer", tradeId)).json.refundedAmount).toBe(20);
    expect(await eventsAfterRejection(tradeId)).toEqual([
      "trade.offer_made",
      "trade.offer_accepted",
      "trade.settled",
      "trade.succeeded",
    ]);
  });
});
