// Chargebacks through Stripe (lib/payments/settle-rail-dispute.ts) with the official SDK against
// the stand-in: a payer's bank takes a paid payment back (Stripe's dispute, the test card ending
// 0259), before the release or weeks after the payout, its news late and out of order. Each is
// recorded once with its ledger movement and webhooks; a payout is held while one is open.
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { pollSentPayouts } from "../../lib/payouts/settle-rail-payout.ts";
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

const chargebackLedger = async (tradeId: string) =>
  (
    await db.ledgerPosting.findMany({
      where: { tradeId, transfer: { kind: { in: ["chargeback", "chargeback_reversal"] } } },
      include: { transfer: true },
    })
  )
    .map((p) => [p.transfer.kind, p.account, p.amountMinor] as const)
    .sort((a, b) => (`${a[0]}${a[1]}` < `${b[0]}${b[1]}` ? -1 : 1));

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
    const { api, tradeId } = await settledTrade({
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
});
