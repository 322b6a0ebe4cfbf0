// Chargebacks through Stripe (lib/payments/settle-rail-dispute.ts) with the official SDK against
// the stand-in: a payer's bank takes a paid payment back (Stripe's dispute, the test card ending
// 0259), before the release or weeks after the payout, its news late and out of order. Each is
// recorded once with its ledger movement and webhooks; a payout is held while one is open, and,
// lost, until an admin decides on the console who bears it: the seller's payout (the transfer to
// their connected account reversed) or the service.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { POST as decide } from "../../app/(console)/console/api/trades/[tradeId]/chargebacks/[chargebackId]/decision/route.ts";
import { reconcileRail } from "../../lib/payments/reconcile-rail.ts";
import { stripePaymentRail } from "../../lib/payments/stripe/stripe-rail.ts";
import { pollSentPayouts } from "../../lib/payouts/settle-rail-payout.ts";
import { callConsole } from "../helpers/console-request.ts";
import { chargebackLedger } from "../helpers/chargeback-ledger.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { withStripeRail } from "../helpers/stripe-rail-world.ts";
import { stripeTrades } from "../helpers/stripe-trades.ts";
import { db } from "../helpers/tenants.ts";
import type { StripeStandIn } from "../stand-ins/stripe/server.ts";

const PLATFORM_SECRET = "whsec_chargebacks_platform";
const CONNECT_SECRET = "whsec_chargebacks_connect";
const DAY = 86_400;
const KEY = "sk_test_escrow_chargebacks";

let standIn: StripeStandIn;
withStripeRail(
  { apiKey: KEY, webhookSecret: PLATFORM_SECRET, connectWebhookSecret: CONNECT_SECRET },
  (started) => (standIn = started),
);
const { settledTrade, stripeGet, payoutsOf, schedulerAfter } = stripeTrades(() => standIn, KEY);

const noticesOf = async (tradeId: string) =>
  (
    await db.outboxEvent.findMany({
      where: {
        tradeId,
        OR: [{ eventName: { startsWith: "payout." } }, { eventName: { startsWith: "trade.chargeback" } }],
      },
      orderBy: { sequence: "asc" },
    })
  ).map((e): [string, string | undefined] => [
    e.eventName,
    (e.payload as { metadata: { chargebackState?: string } }).metadata.chargebackState,
  ]);

/** An admin's decision on the console for the trade's lost chargeback. */
async function decideOnConsole(
  tenantId: string,
  tradeId: string,
  chargebackId: string,
  decision: "PayPayee" | "RecoverFromPayee",
) {
  const admin = await staffOf(tenantId, "admin");
  return callConsole(decide, {
    method: "POST",
    path: `/console/api/trades/${tradeId}/chargebacks/${chargebackId}/decision`,
    params: { tradeId, chargebackId },
    staffId: admin.staff.id,
    body: { decision },
  });
}

describe("chargebacks through Stripe", () => {
  it("holds the payout while a chargeback is open, and pays it out once the chargeback is won", async () => {
    const DISPUTED = "4000000000000259";
    const { api, tradeId } = await settledTrade({ card: DISPUTED });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the payer's bank opens the dispute
    await standIn.controls.deliveriesSettled();
    const [opened] = await db.chargeback.findMany({ where: { tradeId } });
    expect(opened).toMatchObject({ state: "Open", provider: "stripe", amountMinor: 100_000n, currency: "DKK" });
    expect(await chargebackLedger(tradeId)).toEqual([
      ["chargeback", "chargeback_loss", -100_000n],
      ["chargeback", "payer_chargeback", 100_000n],
    ]);

    // Due, but held: nothing is asked of Stripe.
    standIn.controls.advanceClock(8 * DAY);
    await schedulerAfter(api, 1);
    expect(await payoutsOf(tradeId)).toEqual([]);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({
      state: "Succeeded",
      deadlineAt: null,
    });

    standIn.controls.closeDispute(opened!.railDisputeId, "won");
    await standIn.controls.deliveriesSettled();
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: opened!.id } })).toMatchObject({ state: "Won" });
    expect((await chargebackLedger(tradeId)).filter(([kind]) => kind === "chargeback_reversal")).toEqual([
      ["chargeback_reversal", "chargeback_loss", 100_000n],
      ["chargeback_reversal", "payer_chargeback", -100_000n],
    ]);
    await schedulerAfter(api, 1);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    expect((await payoutsOf(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
    expect(await noticesOf(tradeId)).toEqual([
      ["trade.chargeback_opened", "open"],
      ["trade.chargeback_closed", "won"],
      ["payout.paid", undefined],
    ]);
  });

  it("records a chargeback Stripe tells of after the payout: the service bears it, and a lost one stays with the payer", async () => {
    const { api, tradeId, tenant } = await settledTrade({
      card: "4000000000000259",
      beforeNews: () => standIn.controls.holdEvents(),
    });
    standIn.controls.advanceClock(8 * DAY);
    await schedulerAfter(api, 1);
    standIn.controls.advanceClock(2 * DAY);
    await pollSentPayouts(new Date(Date.now() + 3_600_000));
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });

    standIn.controls.releaseEvents("reverse"); // the dispute's news arrives weeks late, out of order
    await standIn.controls.deliveriesSettled();
    const [chargeback] = await db.chargeback.findMany({ where: { tradeId } });
    expect(chargeback).toMatchObject({ state: "Open", amountMinor: 100_000n });
    standIn.controls.closeDispute(chargeback!.railDisputeId, "lost");
    await standIn.controls.deliveriesSettled();
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: chargeback!.id } })).toMatchObject({ state: "Lost" });
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
    // Paid out before it was lost: no payout is held, there is nothing for an admin to decide.
    const late = await decideOnConsole(tenant.tenantId, tradeId, chargeback!.id, "RecoverFromPayee");
    expect(late).toMatchObject({
      status: 409,
      json: { code: "invalid-state", error: expect.stringMatching(/not held/) },
    });
    expect(await chargebackLedger(tradeId)).toEqual([
      ["chargeback", "chargeback_loss", -100_000n],
      ["chargeback", "payer_chargeback", 100_000n],
    ]);
    // Stripe's side: the dispute withdrew the amount (and its fee) from the platform's balance, once.
    const moves = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100&type=adjustment",
    );
    const ofDispute = moves.data.filter((t) => t.source === chargeback!.railDisputeId);
    expect(ofDispute.map((t) => [t.reporting_category, t.amount])).toEqual([["dispute", -100_000]]);
    expect((await noticesOf(tradeId)).filter(([name]) => name.startsWith("trade.chargeback"))).toEqual([
      ["trade.chargeback_opened", "open"],
      ["trade.chargeback_closed", "lost"],
    ]);
  });

  it("takes a lost chargeback from the seller's held payout: the transfer is reversed, the trade released with nothing paid out", async () => {
    // Stripe's dispute news is late: the trade's money has moved to the seller's account, its payout waiting for the funds.
    const { api, tradeId, tenant } = await settledTrade({
      card: "4000000000000259",
      beforeNews: () => standIn.controls.holdEvents(),
    });
    await schedulerAfter(api, 1);
    const [waiting] = await payoutsOf(tradeId);
    expect(waiting).toMatchObject({ state: "Pending", sentAt: null, railTransferId: expect.stringMatching(/^tr_/) });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the payer's bank opens the dispute
    standIn.controls.releaseEvents("original");
    await standIn.controls.deliveriesSettled();
    const [chargeback] = await db.chargeback.findMany({ where: { tradeId } });
    standIn.controls.closeDispute(chargeback!.railDisputeId, "lost");
    await standIn.controls.deliveriesSettled();

    // Lost, the payout stays held however long the scheduler runs: nothing more is asked of Stripe.
    standIn.controls.advanceClock(8 * DAY);
    await schedulerAfter(api, 6 * 3600);
    expect(await payoutsOf(tradeId)).toEqual([waiting]);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Succeeded" });

    const decided = await decideOnConsole(tenant.tenantId, tradeId, chargeback!.id, "RecoverFromPayee");
    expect(decided).toMatchObject({ status: 200, json: { decision: "RecoverFromPayee" } });
    const recorded = await db.chargeback.findUniqueOrThrow({ where: { id: chargeback!.id } });
    expect(recorded).toMatchObject({
      decision: "RecoverFromPayee",
      recoveredMinor: 95_000n,
      railReversalId: expect.stringMatching(/^trr_/),
      decidedBy: expect.stringContaining("@"),
    });
    // Once: a second decision (a double click, another admin) is refused and changes nothing.
    const again = await decideOnConsole(tenant.tenantId, tradeId, chargeback!.id, "PayPayee");
    expect(again).toMatchObject({ status: 409, json: { code: "invalid-state" } });
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: chargeback!.id } })).toEqual(recorded);

    // The seller's part paid for the chargeback; nothing is left to pay out, so the trade is released.
    await schedulerAfter(api, 1);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
    expect((await payoutsOf(tradeId)).map((p) => [p.state, p.failureReason])).toEqual([
      ["Failed", "Taken back for a lost chargeback"],
    ]);
    expect((await chargebackLedger(tradeId)).filter(([kind]) => kind === "chargeback_recovery")).toEqual([
      ["chargeback_recovery", "chargeback_loss", 95_000n],
      ["chargeback_recovery", "payee_payable", -95_000n],
    ]);
    // Stripe's side: the whole transfer came back from the seller's account, which holds nothing and paid out nothing.
    const transfer = await stripeGet<Stripe.Transfer>(`/v1/transfers/${waiting!.railTransferId}`);
    expect(transfer).toMatchObject({ amount: 95_000, amount_reversed: 95_000, reversed: true });
    expect(transfer.reversals.data.map((r) => r.id)).toEqual([recorded.railReversalId]);
    expect(standIn.controls.balanceOf(waiting!.railAccountId!)).toMatchObject({
      available: [{ amount: 0, currency: "dkk" }],
      pending: [{ amount: 0, currency: "dkk" }],
    });
    // Reconciliation finds our record of the reversal.
    const period = { from: new Date(Date.now() - 3_600_000), to: new Date(standIn.controls.now() * 1000 + 3_600_000) };
    const reconciled = await reconcileRail(stripePaymentRail, period);
    expect(reconciled.mismatches.filter((m) => m.railObjectId === recorded.railReversalId)).toEqual([]);
    expect(reconciled.mismatches.filter((m) => m.tradeId === tradeId)).toEqual([]);
  });

  it("pays the seller anyway when an admin decides the service bears a lost chargeback", async () => {
    const { api, tradeId, tenant } = await settledTrade({ card: "4000000000000259" });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the payer's bank opens the dispute
    await standIn.controls.deliveriesSettled();
    const [chargeback] = await db.chargeback.findMany({ where: { tradeId } });
    standIn.controls.closeDispute(chargeback!.railDisputeId, "lost");
    await standIn.controls.deliveriesSettled();
    standIn.controls.advanceClock(8 * DAY);
    await schedulerAfter(api, 1);
    expect(await payoutsOf(tradeId)).toEqual([]);

    expect(await decideOnConsole(tenant.tenantId, tradeId, chargeback!.id, "PayPayee")).toMatchObject({
      status: 200,
      json: { decision: "PayPayee" },
    });
    await schedulerAfter(api, 1);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    expect((await payoutsOf(tradeId)).map((p) => [p.state, p.amountMinor])).toEqual([["Paid", 95_000n]]);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
    expect((await chargebackLedger(tradeId)).map(([kind]) => kind)).toEqual(["chargeback", "chargeback"]);
  });
});
