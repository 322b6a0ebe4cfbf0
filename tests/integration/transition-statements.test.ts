// A transition writes its rows with few statements (lib/trades/store/apply-plan.ts): the trade's
// compare-and-set with its timeline entry and events is one statement answering the updated row,
// the ledger transfer and its postings another. Every value must land as Prisma would have written
// it: exact times in UTC, the details as JSON, the postings in order with exact amounts, the event
// payloads with the state after the transition; and the same whichever lock the caller took
// (tests/helpers/apply-transition.ts locks by id, the API's cancel the tenant's trade).
import { describe, expect, it } from "vitest";
import { tradeBalances } from "../../lib/trades/store/ledger-rows.ts";
import { run } from "../../lib/db/sql.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import { tradeLocks } from "../../lib/trades/store/lock.ts";
import { withLockedTrade } from "../../lib/trades/with-locked-trade.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const initiateBody = {
  title: "Lamp",
  description: "Brass",
  amount: 1234.56,
  payerFee: 0,
  payeeFee: 0,
  payerMarketplaceUserId: "buyer-s",
  payeeMarketplaceUserId: "seller-s",
  successUrl: "https://shop.example/ok",
  cancelUrl: "https://shop.example/no",
};

const now = new Date("2031-03-04T05:06:07.089Z");

/** A fresh tenant with a Created trade (seller-s to buyer-s): its API client, row, and the tenant's row. */
async function startTrade() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller-s");
  await api.connect("buyer-s");
  const { tradeId } = (await api.initiate(initiateBody)).json as { tradeId: string };
  const tenantRow = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
  return { tenant, api, tradeId, tenantRow, trade: () => db.trade.findUniqueOrThrow({ where: { id: tradeId } }) };
}

describe("a transition's statements", () => {
  it("write the trade, the refund transfer, the timeline entry and the event exactly", async () => {
    const { tenant, api, tradeId, tenantRow, trade } = await startTrade();
    const payment = (await api.acceptAndPay("buyer-s", tradeId)).json as { paymentId: string };
    expect((await api.completePayment(payment.paymentId)).status).toBe(200);

    const details = { by: "staff@example.com", note: "Cancelled by support", nested: [1, { a: null }] };
    const before = await trade();
    const applied = await applyTransition(before, tenantRow, "cancel", "tenant", now, {}, details);

    // The compare-and-set answered the row as it is now.
    const after = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect(applied.trade).toEqual(after);
    expect(after).toMatchObject({ state: "Cancelled", cancelledAt: now, sequence: before.sequence + 1 });

    // The refund: one transfer with its postings, in order, exact.
    const transfer = await db.ledgerTransfer.findFirstOrThrow({
      where: { tradeId, kind: "refundPayer" },
      include: { postings: { orderBy: { id: "asc" } } },
    });
    expect(transfer).toMatchObject({
      tenantId: tenant.tenantId,
      mode: "test",
      currency: before.currency,
      createdAt: now,
    });
    expect(transfer.postings.map((p) => [p.account, p.amountMinor, p.tenantId, p.tradeId])).toEqual([
      ["escrow", -123456n, tenant.tenantId, tradeId],
      ["payer_refund", 123456n, tenant.tenantId, tradeId],
    ]);
    expect(await tradeBalances(run, tradeId)).toEqual({ escrow: 0n, payeePayable: 0n });

    // The timeline entry, with its details as JSON and its time in UTC.
    const entry = await db.tradeTimelineEntry.findUniqueOrThrow({
      where: { tradeId_sequence: { tradeId, sequence: before.sequence + 1 } },
    });
    expect(entry).toMatchObject({
      action: "cancel",
      actor: "tenant",
      fromState: "AwaitingShipment",
      toState: "Cancelled",
      details,
      occurredAt: now,
    });

    // The event with the trade's state after the transition.
    const events = await db.outboxEvent.findMany({
      where: { tradeId, sequence: { gt: before.sequence } },
      orderBy: { sequence: "asc" },
    });
    expect(events.map((e) => [e.eventName, e.sequence, e.orderingKey, e.mode, e.createdAt])).toEqual([
      ["trade.cancelled", before.sequence + 1, `trade:${tradeId}`, "test", now],
    ]);
    expect(events[0]!.payload).toEqual({
      id: events[0]!.id,
      referenceId: "",
      eventName: "trade.cancelled",
      eventDate: now.toISOString(),
      payerMarketplaceUserId: "buyer-s",
      payeeMarketplaceUserId: "seller-s",
      tradeId,
      metadata: { state: "Cancelled", previousState: "AwaitingShipment", sequence: before.sequence + 1 },
    });
  });

  it("a transition without events writes its timeline entry and no event; a stale one writes nothing", async () => {
    const { tradeId, tenantRow, trade } = await startTrade();
    const before = await trade();
    const applied = await applyTransition(before, tenantRow, "acceptInvitation", "payer", now);
    expect(applied).toMatchObject({ trade: { state: "InvitationAccepted", invitationAcceptedAt: now }, events: [] });
    const entry = await db.tradeTimelineEntry.findUniqueOrThrow({
      where: { tradeId_sequence: { tradeId, sequence: before.sequence + 1 } },
    });
    expect(entry).toMatchObject({ action: "acceptInvitation", details: null, occurredAt: now });
    expect(await db.outboxEvent.count({ where: { tradeId, sequence: { gt: before.sequence } } })).toBe(0);

    // The same transition from the stale row: refused, and nothing more written.
    await expect(applyTransition(before, tenantRow, "acceptInvitation", "payer", now)).rejects.toMatchObject({
      code: expect.stringMatching(/conflict|invalid-state/),
    });
    expect(await db.tradeTimelineEntry.count({ where: { tradeId } })).toBe(2);
  });

  it("writes a movement that needs no balance in the transition's statement, and nothing of it when stale", async () => {
    const { tradeId, tenantRow, trade } = await startTrade();
    const created = await trade();
    await applyTransition(created, tenantRow, "acceptInvitation", "payer", now);
    const accepted = await trade();

    await applyTransition(accepted, tenantRow, "escrowPaid", "paymentRail", now);
    const transfers = await db.ledgerTransfer.findMany({
      where: { tradeId },
      include: { postings: { orderBy: { id: "asc" } } },
    });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ kind: "fundEscrow", currency: accepted.currency, createdAt: now });
    expect(transfers[0]!.postings.map((p) => [p.account, p.amountMinor])).toEqual([
      ["payer_funding", -accepted.payerTotalMinor],
      ["escrow", accepted.payerTotalMinor],
    ]);

    // The same transition from the stale row: refused, and no second transfer or posting.
    await expect(applyTransition(accepted, tenantRow, "escrowPaid", "paymentRail", now)).rejects.toMatchObject({
      code: expect.stringMatching(/conflict|invalid-state/),
    });
    expect(await db.ledgerTransfer.count({ where: { tradeId } })).toBe(1);
    expect(await db.ledgerPosting.count({ where: { tradeId } })).toBe(2);
  });

  it("lands every kind of column a transition sets (bigint, time, text, JSON, null) with its type", async () => {
    const { tradeId, tenantRow, trade } = await startTrade();
    const before = await trade();
    const details = {
      offerRefundMinor: 9007199254740993n, // beyond a double's exact integers
      offerMadeAt: now,
      offerResumeDeadlineKind: "autoAcceptCondition",
      rejectedReason: { description: 'Ridset – æøå "quoted"', images: ["https://img.example/1.jpg"] },
      settlementRefundMinor: null,
    };
    const applied = await withLockedTrade(tradeLocks.ofTenant(tenantRow.id, before.id), (_locked, tx) =>
      tx.transition({
        trade: before,
        settings: tenantRow,
        action: "acceptInvitation",
        actor: "payer",
        now,
        details,
      }),
    );
    const after = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect(after).toMatchObject({ ...details, state: "InvitationAccepted", invitationAcceptedAt: now });
    expect(applied.trade).toEqual(after);
  });

  it("writes the same rows whichever lock the transition was taken under", async () => {
    const { api, tenantRow } = await startTrade();
    const paidTrade = async () => {
      const { tradeId } = (await api.initiate(initiateBody)).json as { tradeId: string };
      const payment = (await api.acceptAndPay("buyer-s", tradeId)).json as { paymentId: string };
      expect((await api.completePayment(payment.paymentId)).status).toBe(200);
      return db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    };
    const [viaPrisma, viaDriver] = [await paidTrade(), await paidTrade()];
    const entryDetails = { by: "staff@example.com" };
    await applyTransition(viaPrisma, tenantRow, "cancel", "tenant", now, {}, entryDetails);
    await withLockedTrade(tradeLocks.ofTenant(tenantRow.id, viaDriver.id), (_locked, tx) =>
      tx.transition({
        trade: viaDriver,
        settings: tenantRow,
        action: "cancel",
        actor: "tenant",
        now,
        entryDetails,
      }),
    );

    // The same rows, but for ids and the times of what happened before the cancel (real time).
    const when = (value: unknown) =>
      value instanceof Date ? (value.getTime() === now.getTime() ? "now" : "before") : value;
    const written = async (before: typeof viaPrisma) => {
      const tradeId = before.id;
      const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
      const { id: _id, updatedAt: _updatedAt, ...columns } = trade;
      const after = { gt: before.sequence };
      const timeline = await db.tradeTimelineEntry.findMany({
        where: { tradeId, sequence: after },
        select: {
          sequence: true,
          action: true,
          actor: true,
          fromState: true,
          toState: true,
          details: true,
          occurredAt: true,
        },
      });
      const events = await db.outboxEvent.findMany({
        where: { tradeId, sequence: after },
        select: { eventName: true, sequence: true, orderingKey: true, createdAt: true, payload: true },
      });
      const transfers = await db.ledgerTransfer.findMany({
        where: { tradeId, kind: "refundPayer" },
        select: {
          kind: true,
          createdAt: true,
          postings: { orderBy: { id: "asc" }, select: { account: true, amountMinor: true } },
        },
      });
      const payments = await db.payment.findMany({
        where: { tradeId },
        select: { purpose: true, state: true, amountMinor: true, refundedMinor: true, refundedAt: true },
      });
      return {
        columns: Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, when(v)])),
        timeline: timeline.map((e) => ({ ...e, occurredAt: when(e.occurredAt) })),
        events: events.map(({ payload, ...e }) => ({
          ...e,
          orderingKey: e.orderingKey.replace(tradeId, "T"),
          createdAt: when(e.createdAt),
          metadata: (payload as { metadata: unknown }).metadata,
        })),
        transfers: transfers.map((t) => ({ ...t, createdAt: when(t.createdAt) })),
        payments: payments.map((p) => ({ ...p, refundedAt: when(p.refundedAt) })),
        claims: await db.checkoutKeyClaim.count({ where: { tradeId } }),
      };
    };
    const prismaRows = await written(viaPrisma);
    const driverRows = await written(viaDriver);
    expect(driverRows.columns).toMatchObject({ state: "Cancelled", cancelledAt: "now" });
    expect(driverRows.events).toHaveLength(1);
    expect(driverRows.transfers).toHaveLength(1);
    expect(driverRows).toEqual(prismaRows);
  });
});
