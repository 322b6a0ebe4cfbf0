// The payment rail's news takes one path (decisions.md §11): the rail's signed callback, stored in
// the inbox before anything else and applied by asking the rail; the payer's return, which asks
// the rail too; and the poll of payments left pending. Here the simulated rail's bank plays the
// rail: what it decides is the truth, and each way of hearing about it must end with exactly one
// payment, one attempt per try and one trade.created, however the news arrives.
import { describe, expect, it } from "vitest";
import { POST as railEvents } from "../../app/rail-events/[provider]/route.ts";
import { POST as bankForm } from "../../app/sandbox-bank/[bankPaymentId]/[action]/route.ts";
import { pollPendingRailPayments } from "../../lib/payments/poll-rail-payments.ts";
import { sendDueRefunds } from "../../lib/payments/send-rail-refunds.ts";
import { loadTradeForConsole } from "../../lib/console/trades/load-trade.ts";
import { warnOfHoldBudgets } from "../../lib/payments/hold-budget-warning.ts";
import { reconcileRail } from "../../lib/payments/reconcile-rail.ts";
import { simulatedPaymentRail } from "../../lib/payments/simulated-rail/rail.ts";
import { sweepRailCallbacks } from "../../lib/payments/receive-rail-callback.ts";
import { decideBySandbox } from "../../lib/payments/simulated-rail/bank.ts";
import { signCallback, SIGNATURE_HEADER } from "../../lib/payments/simulated-rail/signing.ts";
import { simulatedEventBody } from "../../lib/payments/simulated-rail/simulated-event.ts";
import { hostedBrowser } from "../helpers/hosted-browser.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const SUCCESS = "https://shop.example/paid";

/** A checkout whose payer was sent to the bank: the bank payment's id, and the trade's. */
async function sentToBank() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("seller");
  await api.connect("buyer");
  const initiated = await api.initiate({
    title: "Lamp",
    description: "Brass desk lamp",
    amount: 250,
    payerFee: 0,
    payeeFee: 0,
    payerMarketplaceUserId: "buyer",
    payeeMarketplaceUserId: "seller",
    successUrl: SUCCESS,
    cancelUrl: "https://shop.example/back",
  });
  const link = initiated.json.redirectUrl as string;
  const browser = hostedBrowser();
  const bankPage = (await browser.post(link, "pay")).location!;
  const tradeId = initiated.json.tradeId as string;
  const bankPaymentId = new URL(bankPage).pathname.split("/")[2]!;
  return { tenant, api, link, browser, tradeId, bankPaymentId };
}

function postCallback(body: string, signature: string | null, provider = "simulated") {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set(SIGNATURE_HEADER, signature);
  const request = new Request(`https://escrow.test/rail-events/${provider}`, { method: "POST", headers, body });
  return railEvents(request, { params: Promise.resolve({ provider }) });
}

const stateOf = async (tradeId: string) => ({
  trade: (await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).state,
  payments: (await db.payment.findMany({ where: { tradeId, purpose: "Escrow" } })).map((p) => p.state),
  created: await db.outboxEvent.count({ where: { tradeId, eventName: "trade.created" } }),
  attempts: (
    await db.paymentAttempt.findMany({ where: { payment: { tradeId } }, select: { outcome: true, source: true } })
  ).map((a) => `${a.source}:${a.outcome}`),
});

const PAID = { trade: "AwaitingShipment", payments: ["Paid"], created: 1, attempts: ["sandbox:succeeded"] };

describe("the rail's callbacks", () => {
  it("refuses a callback with a wrong, missing or stale signature, and stores nothing", async () => {
    const { tradeId, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    const body = simulatedEventBody(bankPaymentId);
    const tampered = body.replace(
      bankPaymentId,
      bankPaymentId.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
    );
    expect((await postCallback(body, null)).status).toBe(400);
    expect((await postCallback(body, "t=1,v1=00")).status).toBe(400);
    expect((await postCallback(tampered, signCallback(body))).status).toBe(400);
    expect((await postCallback(body, signCallback(body, Date.now() - 10 * 60_000))).status).toBe(400);
    expect((await postCallback("not json", signCallback("not json"))).status).toBe(400);
    expect((await postCallback(body, signCallback(body), "acme-pay")).status).toBe(404);
    const eventId = JSON.parse(body).id as string;
    expect(await db.railCallback.count({ where: { eventId } })).toBe(0);
    expect((await stateOf(tradeId)).payments).toEqual(["Pending"]);
  });

  it("applies a callback once: a duplicate and a second callback about the same payment change nothing", async () => {
    const { tradeId, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    const body = simulatedEventBody(bankPaymentId);
    const first = await postCallback(body, signCallback(body));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    expect(await stateOf(tradeId)).toEqual(PAID);
    const again = await postCallback(body, signCallback(body));
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    const late = simulatedEventBody(bankPaymentId);
    expect((await postCallback(late, signCallback(late))).status).toBe(200);
    expect(await stateOf(tradeId)).toEqual(PAID);
    expect(await db.railCallback.count({ where: { objectId: bankPaymentId, appliedAt: { not: null } } })).toBe(2);
  });

  it("records a declined try from its callback once, and the payment stays payable", async () => {
    const { tradeId, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "failed", new Date());
    const body = simulatedEventBody(bankPaymentId);
    await postCallback(body, signCallback(body));
    const other = simulatedEventBody(bankPaymentId);
    await postCallback(other, signCallback(other));
    expect(await stateOf(tradeId)).toEqual({
      trade: "InvitationAccepted",
      payments: ["Pending"],
      created: 0,
      attempts: ["sandbox:declined_by_bank"],
    });
  });

  it("takes the payment when the payer comes back before the callback, and the callback then changes nothing", async () => {
    const { tradeId, bankPaymentId, browser, link } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date()); // paid at the bank, no callback yet
    expect((await browser.comeBack(`${link}/return`)).location).toBe(SUCCESS);
    expect(await stateOf(tradeId)).toEqual(PAID);
    const body = simulatedEventBody(bankPaymentId);
    expect(await (await postCallback(body, signCallback(body))).json()).toEqual({ received: true, outcome: "applied" });
    expect(await stateOf(tradeId)).toEqual(PAID);
  });

  it("is paid once when callbacks and returns arrive at the same time", async () => {
    const { tradeId, bankPaymentId, browser, link } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    const bodies = Array.from({ length: 4 }, () => simulatedEventBody(bankPaymentId));
    const answers = await Promise.all([
      ...bodies.map((body) => postCallback(body, signCallback(body)).then((r) => r.status)),
      ...bodies.map((body) => postCallback(body, signCallback(body)).then((r) => r.status)),
      ...Array.from({ length: 4 }, () => browser.comeBack(`${link}/return`).then((r) => r.location)),
    ]);
    expect(answers).toEqual([...Array(8).fill(200), ...Array(4).fill(SUCCESS)]);
    expect(await stateOf(tradeId)).toEqual(PAID);
  });

  it("finds a payment whose payer never came back and whose callback was lost, by the poll", async () => {
    const { tradeId, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    expect((await stateOf(tradeId)).payments).toEqual(["Pending"]);
    const polled = await pollPendingRailPayments(new Date(Date.now() + 120_000), 10_000); // a round later than any other test file's
    expect(polled.paid).toBeGreaterThanOrEqual(1);
    expect(await stateOf(tradeId)).toEqual(PAID);
  });

  it("keeps a callback it could not apply, answers 500 so the rail sends it again, and the sweep applies it", async () => {
    const { tradeId, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    // The rail cannot be asked for a moment (here: the bank's record is away), so applying fails.
    const kept = await db.simulatedBankPayment.findUniqueOrThrow({
      where: { id: bankPaymentId },
      include: { tries: true },
    });
    await db.simulatedBankPayment.delete({ where: { id: bankPaymentId } });
    const body = simulatedEventBody(bankPaymentId);
    expect((await postCallback(body, signCallback(body))).status).toBe(500);
    const eventId = JSON.parse(body).id as string;
    const stored = await db.railCallback.findFirstOrThrow({ where: { eventId } });
    expect(stored).toMatchObject({ appliedAt: null, tries: 1 });
    expect(stored.lastError).toMatch(/no payment/);
    expect((await stateOf(tradeId)).payments).toEqual(["Pending"]);

    const { tries, ...payment } = kept;
    await db.simulatedBankPayment.create({
      data: { ...payment, tries: { create: tries.map(({ bankPaymentId: _, ...t }) => t) } },
    });
    await sweepRailCallbacks(new Date(Date.now() + 60_000), 10_000);
    expect(await db.railCallback.findFirstOrThrow({ where: { eventId } })).toMatchObject({ tries: 2, lastError: null });
    expect((await db.railCallback.findFirstOrThrow({ where: { eventId } })).appliedAt).not.toBeNull();
    expect(await stateOf(tradeId)).toEqual(PAID);
  });

  it("pays a cancelled trade's refund back at the bank once, after the commit, however often it is tried", async () => {
    const { api, tradeId, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    const body = simulatedEventBody(bankPaymentId);
    await postCallback(body, signCallback(body));
    expect((await api.cancel(tradeId, "AwaitingShipment")).status).toBe(200);
    // The ledger's refund wrote the rail's refund in its transaction; nothing reached the bank yet.
    const [refund] = await db.railRefund.findMany({ where: { payment: { tradeId } } });
    expect(refund).toMatchObject({ state: "Pending", amountMinor: 25000n, currency: "DKK", railRefundId: null });
    expect(await db.simulatedBankRefund.count({ where: { bankPaymentId } })).toBe(0);

    await sendDueRefunds(new Date(Date.now() + 1000), 10_000);
    const sent = await db.railRefund.findUniqueOrThrow({ where: { id: refund!.id } });
    expect(sent).toMatchObject({ state: "Succeeded", provider: "simulated", tries: 1 });
    expect(await db.simulatedBankRefund.findMany({ where: { bankPaymentId }, select: { amountMinor: true } })).toEqual([
      { amountMinor: 25000n },
    ]);
    // A try repeated after a crash (the bank answered, the answer was not recorded) gets the same refund.
    const again = await simulatedPaymentRail.refund({
      idempotencyKey: `refund-${refund!.id}`,
      railPaymentId: bankPaymentId,
      amountMinor: 25000n,
      currency: "DKK",
      refundId: refund!.id,
    });
    expect(again.railRefundId).toBe(sent.railRefundId);
    await sendDueRefunds(new Date(Date.now() + 3_600_000), 10_000);
    expect(await db.simulatedBankRefund.count({ where: { bankPaymentId } })).toBe(1);
    // More than the payment is refused by the bank, as a real rail refuses it.
    await expect(
      simulatedPaymentRail.refund({
        idempotencyKey: "another",
        railPaymentId: bankPaymentId,
        amountMinor: 1n,
        currency: "DKK",
        refundId: "another",
      }),
    ).rejects.toThrow(/more than/);
  });

  it("refuses hostile posts to the bank's forms and to the callback route, and nothing is paid or stored", async () => {
    const { tradeId, bankPaymentId } = await sentToBank();
    const post = (action: string, body: BodyInit, headers: Record<string, string> = {}) =>
      bankForm(
        new Request(`https://escrow.test/sandbox-bank/${bankPaymentId}/${action}`, {
          method: "POST",
          headers: { origin: "https://escrow.test", "content-type": "application/x-www-form-urlencoded", ...headers },
          body,
        }),
        { params: Promise.resolve({ bankPaymentId, action }) },
      ).then((r) => r.status);
    expect(await post("pay", "method=card-4242", { origin: "https://evil.example" })).toBe(403);
    expect(await post("refund", "method=card-4242")).toBe(404);
    expect(await post("pay", JSON.stringify({ method: "card-4242" }), { "content-type": "application/json" })).toBe(
      400,
    );
    expect(await post("pay", new Uint8Array([0x6d, 0x3d, 0xff, 0xfe]))).toBe(400);
    expect(await post("pay", `method=card-4242&pad=${"x".repeat(64 * 1024)}`)).toBe(413);
    const huge = simulatedEventBody(bankPaymentId).replace("}", `,"pad":"${"x".repeat(300 * 1024)}"}`);
    expect((await postCallback(huge, signCallback(huge))).status).toBe(413);
    expect((await stateOf(tradeId)).payments).toEqual(["Pending"]);
    expect(await db.simulatedBankTry.count({ where: { bankPaymentId } })).toBe(0);
    expect(await db.railCallback.count({ where: { objectId: bankPaymentId } })).toBe(0);
  });

  it("reconciles the simulated bank's statement with our charges and refunds, the same way as a real rail's", async () => {
    const { api, tradeId, tenant, bankPaymentId } = await sentToBank();
    const from = new Date(Date.now() - 60_000);
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    const body = simulatedEventBody(bankPaymentId);
    await postCallback(body, signCallback(body));
    expect((await api.cancel(tradeId, "AwaitingShipment")).status).toBe(200);
    await sendDueRefunds(new Date(Date.now() + 1000), 10_000);
    const period = { from, to: new Date(Date.now() + 60_000) };
    const ofTenant = (result: { mismatches: { tenantId: string | null }[] }) =>
      result.mismatches.filter((m) => m.tenantId === tenant.tenantId);
    expect(ofTenant(await reconcileRail(simulatedPaymentRail, period))).toEqual([]);
    // A charge the bank never took (our record of a try it does not list) is found.
    const [attempt] = await db.paymentAttempt.findMany({ where: { payment: { tradeId }, outcome: "succeeded" } });
    await db.simulatedBankTry.delete({ where: { id: attempt!.railAttemptId! } });
    expect(ofTenant(await reconcileRail(simulatedPaymentRail, period))).toEqual([
      expect.objectContaining({ objectType: "charge", kind: "missing_at_rail", tradeId, ourAmountMinor: 25000n }),
    ]);
  });

  it("warns the tenant once when a paid trade comes within 7 days of the rail's hold budget, and the console shows until when", async () => {
    const { tradeId, tenant, bankPaymentId } = await sentToBank();
    await decideBySandbox(bankPaymentId, "succeeded", new Date());
    const body = simulatedEventBody(bankPaymentId);
    await postCallback(body, signCallback(body));
    const now = new Date();
    const escrow = await db.payment.findFirstOrThrow({ where: { tradeId, purpose: "Escrow" } });
    // Paid 82 days ago: 8 days left of the simulated rail's 90, not yet warned.
    await db.payment.update({ where: { id: escrow.id }, data: { paidAt: new Date(now.getTime() - 82 * 86_400_000) } });
    const ofTrade = () => db.outboxEvent.findMany({ where: { tradeId, eventName: "trade.hold_budget_ending" } });
    await warnOfHoldBudgets(now);
    expect(await ofTrade()).toEqual([]);
    const paidAt = new Date(now.getTime() - 84 * 86_400_000);
    await db.payment.update({ where: { id: escrow.id }, data: { paidAt } });
    await warnOfHoldBudgets(now);
    await warnOfHoldBudgets(new Date(now.getTime() + 60_000));
    const warned = await ofTrade();
    expect(
      warned.map((e) => (e.payload as { metadata: { holdBudgetEndsAt: string } }).metadata.holdBudgetEndsAt),
    ).toEqual([new Date(paidAt.getTime() + 90 * 86_400_000).toISOString()]);
    const page = await loadTradeForConsole(tenant.tenantId, tradeId);
    expect(page!.holdBudgetEndsAt).toEqual(new Date(paidAt.getTime() + 90 * 86_400_000));
  });
});
