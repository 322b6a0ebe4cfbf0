// Releases through Stripe Connect (lib/payments/stripe/stripe-payouts.ts) with the official SDK
// against the stand-in that speaks Stripe's published API (tests/stand-ins/stripe): the payee
// becomes a connected account with their bank account, the trade's money is transferred from the
// very charge that paid it, and paid out once the charge's funds are available; Stripe's Connect
// webhook (or the poll) tells us the bank's answer. However often the scheduler runs, and
// whatever a crash repeats, one account, one transfer and one payout exist at Stripe, and the
// ledger's payout matches the stand-in's balance transactions to the øre.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { POST as feeAccount } from "../../app/(console)/console/api/settings/fee-account/route.ts";
import { sendDueRefunds } from "../../lib/payments/send-rail-refunds.ts";
import { stripePaymentRail } from "../../lib/payments/stripe/stripe-rail.ts";
import { sendTenantFees } from "../../lib/payouts/send-tenant-fees.ts";
import { pollSentPayouts } from "../../lib/payouts/settle-rail-payout.ts";
import { callConsole } from "../helpers/console-request.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { withStripeRail } from "../helpers/stripe-rail-world.ts";
import { stripeTrades } from "../helpers/stripe-trades.ts";
import { db } from "../helpers/tenants.ts";
import type { StripeStandIn } from "../stand-ins/stripe/server.ts";

const PLATFORM_SECRET = "whsec_payouts_platform";
const CONNECT_SECRET = "whsec_payouts_connect";
const DAY = 86_400;
const KEY = "sk_test_escrow_payouts";

let standIn: StripeStandIn;
withStripeRail(
  { apiKey: KEY, webhookSecret: PLATFORM_SECRET, connectWebhookSecret: CONNECT_SECRET },
  (started) => (standIn = started),
);

const { settledTrade, choosePayoutAccount, stripeGet, payoutsOf, schedulerAfter } = stripeTrades(() => standIn, KEY);

describe("payouts through Stripe Connect", () => {
  it("opens the payee's connected account, transfers from the charge, pays out once funds are available, and releases on Stripe's webhook", async () => {
    const { api, tradeId } = await settledTrade();
    await schedulerAfter(api, 1);

    // The payee's connected account, with their bank account, and a transfer from the charge.
    const [first] = await payoutsOf(tradeId);
    expect(first).toMatchObject({ state: "Pending", provider: "stripe", sentAt: null, railWaits: 1 });
    const account = await stripeGet<Stripe.Account>(`/v1/accounts/${first!.railAccountId}`);
    expect(account).toMatchObject({
      country: "DK",
      business_type: "individual",
      controller: { requirement_collection: "application", stripe_dashboard: { type: "none" } },
      capabilities: { transfers: "active" },
      settings: { payouts: { schedule: { interval: "manual" } } },
      metadata: { escrow_payee: expect.stringMatching(/^person:/) },
    });
    expect(account.external_accounts?.data).toEqual([
      expect.objectContaining({ object: "bank_account", last4: "6243", currency: "dkk", default_for_currency: true }),
    ]);
    const transfer = await stripeGet<Stripe.Transfer>(`/v1/transfers/${first!.railTransferId}`);
    const escrow = await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } });
    const session = await stripeGet<Stripe.Checkout.Session>(
      `/v1/checkout/sessions/${escrow.railPaymentId}?expand[]=payment_intent`,
    );
    expect(transfer).toMatchObject({
      amount: Number(first!.amountMinor),
      currency: "dkk",
      destination: account.id,
      source_transaction: (session.payment_intent as Stripe.PaymentIntent).latest_charge,
      transfer_group: `trade-${tradeId}`,
    });
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Succeeded" });

    // A scheduler that runs again before the funds are available asks no more than once more.
    await schedulerAfter(api, 6 * 3600);
    expect((await payoutsOf(tradeId))[0]).toMatchObject({ state: "Pending", sentAt: null, railWaits: 2 });

    // Seven days on, the charge's funds are available: one payout, then Stripe's webhook releases.
    standIn.controls.advanceClock(7 * DAY);
    await schedulerAfter(api, 6 * 3600);
    const [sent] = await payoutsOf(tradeId);
    expect(sent).toMatchObject({
      state: "Pending",
      sentAt: expect.any(Date),
      providerPayoutId: expect.stringMatching(/^po_/),
    });
    await schedulerAfter(api, 6 * 3600); // the deadline is off while the bank answers: nothing more is asked
    expect(await payoutsOf(tradeId)).toEqual([sent]);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    const [paid] = await payoutsOf(tradeId);
    expect(paid).toMatchObject({ state: "Paid", attempt: 1 });
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "payout.paid" } })).toBe(1);

    // The ledger's payout and Stripe's balance transactions agree to the øre.
    const bank = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100",
      account.id,
    );
    const kinds = bank.data.map((t) => [t.type, t.amount]).sort();
    expect(kinds).toEqual([
      ["payment", Number(paid!.amountMinor)],
      ["payout", -Number(paid!.amountMinor)],
    ]);
    const payoutLedger = await db.ledgerPosting.findMany({
      where: { transfer: { tradeId, kind: "payout" } },
      select: { amountMinor: true },
    });
    expect(payoutLedger.map((p) => p.amountMinor).sort()).toEqual([-paid!.amountMinor, paid!.amountMinor].sort());
    expect(standIn.controls.balanceOf(account.id)).toMatchObject({
      available: [{ amount: 0, currency: "dkk" }],
      pending: [{ amount: 0, currency: "dkk" }],
    });
  });

  it("records a payout the bank refuses as Failed, and pays the money already transferred to the payee's next account without a second transfer", async () => {
    const { api, tradeId, tenant } = await settledTrade({ sellerAccount: "DK2700400532013002" });
    // Opened when the seller gave their payout account on our page, before any release: with their acceptance of the terms.
    const [early] = await db.railPayeeAccount.findMany({ where: { tenantId: tenant.tenantId } });
    expect(await stripeGet<Stripe.Account>(`/v1/accounts/${early!.railAccountId}`)).toMatchObject({
      tos_acceptance: { date: expect.any(Number) },
      external_accounts: { data: [expect.objectContaining({ last4: "3002" })] },
    });
    standIn.controls.advanceClock(8 * DAY);
    await schedulerAfter(api, 1);
    const [sent] = await payoutsOf(tradeId);
    expect(sent).toMatchObject({ state: "Pending", sentAt: expect.any(Date) });
    // The Connect webhook is lost: the poll asks Stripe.
    standIn.controls.dropNextDeliveries(2); // payout.updated and payout.failed
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    await pollSentPayouts(new Date());
    const [failed] = await payoutsOf(tradeId);
    expect(failed).toMatchObject({ state: "Failed", failureReason: expect.any(String) });
    expect(await db.outboxEvent.count({ where: { tradeId, eventName: "payout.failed" } })).toBe(1);

    // A new account: the money already on the payee's connected account is paid out, not transferred again.
    await choosePayoutAccount(tenant, "DK5000400440116243");
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({
      deadlineKind: "payoutCompleted",
    });
    await schedulerAfter(api, 1);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    await pollSentPayouts(new Date(Date.now() + 3_600_000));
    const tries = await payoutsOf(tradeId);
    expect(tries.map((t) => t.state)).toEqual(["Failed", "Paid"]);
    expect(tries[1]!.railTransferId).toBe(tries[0]!.railTransferId);
    expect(tries[1]!.railAccountId).toBe(tries[0]!.railAccountId);
    const account = await stripeGet<Stripe.Account>(`/v1/accounts/${tries[0]!.railAccountId}`);
    expect(account.external_accounts?.data.map((b) => b.last4)).toEqual(["3002", "6243"]);
    expect(account.tos_acceptance?.date).toEqual(expect.any(Number));
    const transfers = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100",
      account.id,
    );
    expect(transfers.data.filter((t) => t.type === "payment")).toHaveLength(1);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
  });

  it("pays out once when the process died between Stripe's answers and our record of them", async () => {
    const { api, tradeId } = await settledTrade();
    await schedulerAfter(api, 1); // the account and the transfer; the funds not yet available
    standIn.controls.advanceClock(7 * DAY);
    const [waiting] = await payoutsOf(tradeId);
    const known = await db.railPayeeAccount.findFirstOrThrow({ where: { railAccountId: waiting!.railAccountId! } });
    const escrow = await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } });
    // What the dead process had asked Stripe, with the keys the try's ids give: its answers never reached us.
    const ask = () =>
      stripePaymentRail.releaseToPayee({
        tradeId,
        payoutId: waiting!.id,
        railAccountId: known.railAccountId,
        railBankAccountId: known.railBankAccountId,
        railPaymentId: escrow.railPaymentId,
        railTransferId: waiting!.railTransferId,
        waits: waiting!.railWaits,
        amountMinor: waiting!.amountMinor,
        currency: waiting!.currency,
        reference: waiting!.reference,
      });
    const lost = await ask();
    expect(lost).toMatchObject({ railTransferId: waiting!.railTransferId, status: { state: "pending" } });

    await schedulerAfter(api, 6 * 3600);
    const [sent] = await payoutsOf(tradeId);
    expect(sent!.providerPayoutId).toBe((lost.status as { railPayoutId: string }).railPayoutId);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    expect((await payoutsOf(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
    const moves = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100",
      known.railAccountId,
    );
    expect(moves.data.map((t) => t.type).sort()).toEqual(["payment", "payout"]);
  });

  it("finds the transfer of a try taken up again after Stripe forgot its idempotency key, and makes no second one", async () => {
    const { api, tradeId } = await settledTrade();
    await schedulerAfter(api, 1); // the account and the transfer; the funds not yet available
    const [first] = await payoutsOf(tradeId);
    const madeAtStripe = first!.railTransferId!;
    // As if the process had died before recording Stripe's answer, and came back days later.
    await db.payout.update({ where: { id: first!.id }, data: { railTransferId: null } });
    standIn.controls.advanceClock(8 * DAY);

    await schedulerAfter(api, 6 * 3600);
    const [sent] = await payoutsOf(tradeId);
    expect(sent).toMatchObject({ railTransferId: madeAtStripe, sentAt: expect.any(Date) });
    const group = await stripeGet<Stripe.ApiList<Stripe.Transfer>>(`/v1/transfers?transfer_group=trade-${tradeId}`);
    expect(group.data.map((t) => t.id)).toEqual([madeAtStripe]);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    expect((await payoutsOf(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
  });

  it("waits out Stripe being unreachable: the try stays Pending, and once Stripe answers there is one transfer and one payout", async () => {
    const { api, tradeId } = await settledTrade();
    standIn.controls.advanceClock(8 * DAY); // the charge's funds are available: nothing but Stripe's absence waits
    standIn.controls.makeUnreachable(60_000, "error_500");
    await schedulerAfter(api, 1);
    await schedulerAfter(api, 1);
    const [waiting] = await payoutsOf(tradeId);
    expect(waiting).toMatchObject({ state: "Pending", sentAt: null, railTransferId: null, attempt: 1 });

    standIn.controls.makeUnreachable(0);
    await schedulerAfter(api, 1);
    const [sent] = await payoutsOf(tradeId);
    expect(sent).toMatchObject({
      id: waiting!.id,
      sentAt: expect.any(Date),
      railTransferId: expect.stringMatching(/^tr_/),
    });
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    expect((await payoutsOf(tradeId)).map((p) => p.state)).toEqual(["Paid"]);
    const moves = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100",
      sent!.railAccountId!,
    );
    expect(moves.data.map((t) => [t.type, t.amount]).sort()).toEqual([
      ["payment", Number(sent!.amountMinor)],
      ["payout", -Number(sent!.amountMinor)],
    ]);
  });

  it("settles part back of a parcel paid by MobilePay: Stripe's charge, refund, transfer and payout match the ledger to the øre", async () => {
    const { api, tradeId, sessionId, tenant } = await settledTrade({ mobilePay: true, keep: true, shipping: true });
    // The tenant's fees go to its own connected account: given on the console's settings page.
    const admin = await staffOf(tenant.tenantId, "admin");
    const feeAccountSaved = await callConsole(feeAccount, {
      method: "POST",
      path: "/console/api/settings/fee-account",
      staffId: admin.staff.id,
      body: { accountNumber: "DK5000400440116243", holderName: "Bike Market ApS", acceptTerms: true },
    });
    expect(feeAccountSaved.status).toBe(200);
    const bought = await api.buyDelivery("seller", tradeId, {
      price: 49,
      shipmentProviderId: "gls",
      expectedMaxWeightInGrams: 8000,
    });
    expect(bought.status).toBe(200);
    const labelId = (await api.trade("seller", tradeId)).json.phases.delivery.labelId;
    await api.track(labelId, "sent");
    await api.track(labelId, "delivered");
    expect((await api.rejectCondition("buyer", tradeId, "Scratched frame")).status).toBe(200);
    const settled = await api.settle(tradeId, { refundAmount: 200, reason: "Agreed 200 off for the scratch" });
    expect(settled.json.state).toBe("Succeeded");
    await sendDueRefunds(new Date(Date.now() + 1000), 10_000);
    standIn.controls.advanceClock(8 * DAY); // the refund settles, the charge's funds become available
    await standIn.controls.deliveriesSettled();
    await schedulerAfter(api, 1);
    standIn.controls.advanceClock(2 * DAY);
    await standIn.controls.deliveriesSettled();
    const [paid] = await payoutsOf(tradeId);
    expect(paid).toMatchObject({ state: "Paid", amountMinor: 75_000n }); // 1,000 − 5 % fee − 200 back
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ state: "Released" });
    await sendTenantFees(10_000);
    const { feeTransferId } = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    const tenantAccount = await db.railPayeeAccount.findFirstOrThrow({
      where: { payeeKey: `tenant:${tenant.tenantId}` },
    });
    expect(await stripeGet<Stripe.Transfer>(`/v1/transfers/${feeTransferId}`)).toMatchObject({
      amount: 5_000, // the tenant's 5 % of 1,000.00
      destination: tenantAccount.railAccountId,
      metadata: { escrow_purpose: "tenant_fees" },
    });

    // The platform's balance transactions of this trade's objects, and what the ledger says the platform keeps.
    const session = await stripeGet<Stripe.Checkout.Session>(
      `/v1/checkout/sessions/${sessionId}?expand[]=payment_intent`,
    );
    const charge = (session.payment_intent as Stripe.PaymentIntent).latest_charge as string;
    const [refund] = await db.railRefund.findMany({ where: { payment: { tradeId } } });
    const platform = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>("/v1/balance_transactions?limit=100");
    const ours = platform.data.filter((t) =>
      [charge, refund!.railRefundId, paid!.railTransferId, feeTransferId].includes(t.source as string),
    );
    expect(ours.map((t) => [t.type, t.amount]).sort()).toEqual([
      ["charge", 104_900], // the price and the parcel's 49.00
      ["refund", -20_000],
      ["transfer", -5_000],
      ["transfer", -75_000],
    ]);
    const kept = await db.ledgerPosting.aggregate({
      // What stays on the platform's balance: the service's fees and the carrier's money for the label (the tenant's left).
      where: { tradeId, account: { in: ["tenant_revenue", "service_revenue", "carrier_payable"] } },
      _sum: { amountMinor: true },
    });
    expect(BigInt(ours.reduce((sum, t) => sum + t.amount, 0))).toBe(kept._sum.amountMinor);
    const refunded = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "payer_refund" },
      _sum: { amountMinor: true },
    });
    expect(refunded._sum.amountMinor).toBe(20_000n);
    // The payee's connected account: the transfer in, the payout out, nothing left.
    const payee = await stripeGet<Stripe.ApiList<Stripe.BalanceTransaction>>(
      "/v1/balance_transactions?limit=100",
      paid!.railAccountId!,
    );
    expect(payee.data.map((t) => [t.type, t.amount]).sort()).toEqual([
      ["payment", 75_000],
      ["payout", -75_000],
    ]);
  });
});
