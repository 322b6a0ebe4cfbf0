// The parties' and the tenant's actions through the API, with the return leg.
import { describe, expect, it } from "vitest";
import { POST as cancel } from "../../app/api/v1/marketplace/trades/[tradeId]/cancel/route.ts";
import { POST as initiate } from "../../app/api/v1/marketplace/trades/initiate/route.ts";
import { POST as abandon } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/abandon/route.ts";
import { POST as acceptCondition } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/condition/accept/route.ts";
import { POST as rejectCondition } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/condition/reject/route.ts";
import { POST as acceptInvitation } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/invitation/accept/route.ts";
import { POST as rejectInvitation } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/invitation/reject/route.ts";
import { POST as sandboxConnect } from "../../app/api/v1/sandbox/users/[marketplaceUserId]/connect/route.ts";
import { applyTransition } from "../helpers/apply-transition.ts";
import type { Action, Actor } from "../../lib/trades/transition-table.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { db, freshTenant } from "../helpers/tenants.ts";
import { TEST_LABEL_SHARES } from "../helpers/trades.ts";

type Handler = Parameters<typeof callRoute>[0];

async function newTrade(extra: Record<string, unknown> = {}) {
  const tenant = await freshTenant();
  await callRoute(sandboxConnect, {
    method: "POST",
    path: "/x",
    params: { marketplaceUserId: "seller" },
    token: tenant.testApiKey,
    body: { kycLevel: 1 },
  });
  const started = await callRoute(initiate, {
    method: "POST",
    path: "/api/v1/marketplace/trades/initiate",
    token: tenant.testApiKey,
    body: {
      title: "Lamp",
      description: "Brass lamp",
      amount: 200,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer",
      payeeMarketplaceUserId: "seller",
      successUrl: "https://s.example/ok",
      cancelUrl: "https://s.example/no",
      ...extra,
    },
  });
  expect(started.status).toBe(200);
  return { tenant, tradeId: started.json.tradeId as string };
}

const party = (handler: Handler, token: string, user: string, tradeId: string, body?: unknown) =>
  callRoute(handler, {
    method: "POST",
    path: `/api/v1/marketplace/users/${user}/trades/${tradeId}/x`,
    params: { marketplaceUserId: user, tradeId },
    token,
    body,
  });

async function advance(tenantId: string, tradeId: string, steps: [Action, Actor][]) {
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId } });
  for (const [action, actor] of steps) {
    await applyTransition(
      await db.trade.findUniqueOrThrow({ where: { id: tradeId } }),
      tenant,
      action,
      actor,
      new Date(),
      {},
      undefined,
      TEST_LABEL_SHARES[action],
    );
  }
}

const toDelivered: [Action, Actor][] = [
  ["escrowPaid", "paymentRail"],
  ["deliveryLabelCreated", "paymentRail"],
  ["shipmentSent", "carrier"],
  ["shipmentDelivered", "carrier"],
];

describe("invitation and abandon", () => {
  it("lets the payer accept, refuses the payee the same call, and answers the Trade", async () => {
    const { tenant, tradeId } = await newTrade();
    const refused = expectErrorRecord(
      await party(acceptInvitation, tenant.testApiKey, "seller", tradeId),
      409,
      "invalid-state",
    );
    expect(refused.detail).toContain("never allowed for the payee");
    const accepted = await party(acceptInvitation, tenant.testApiKey, "buyer", tradeId);
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({
      tradeId,
      state: "InvitationAccepted",
      phases: { contract: { invitationAccepted: expect.stringMatching(/^20/) } },
    });
    expectErrorRecord(await party(acceptInvitation, tenant.testApiKey, "buyer", tradeId), 409, "invalid-state");
  });

  it("cancels on rejection, sends trade.cancelled, and frees the checkout key", async () => {
    const { tenant, tradeId } = await newTrade({ checkoutUniquenessKey: "k1" });
    expect((await party(rejectInvitation, tenant.testApiKey, "buyer", tradeId)).json.state).toBe("Cancelled");
    const events = await db.outboxEvent.findMany({ where: { tradeId } });
    expect(events.map((e) => e.eventName)).toEqual(["trade.cancelled"]);
    expect(events[0]?.payload).toMatchObject({ metadata: { state: "Cancelled", previousState: "Created" } });
    expect(await db.checkoutKeyClaim.count({ where: { tradeId } })).toBe(0);
  });

  it("lets the payee abandon before payment, and not after", async () => {
    const { tenant, tradeId } = await newTrade();
    expect((await party(abandon, tenant.testApiKey, "seller", tradeId)).json.state).toBe("Cancelled");
    const paid = await newTrade();
    await advance(paid.tenant.tenantId, paid.tradeId, [["escrowPaid", "paymentRail"]]);
    const refused = expectErrorRecord(
      await party(abandon, paid.tenant.testApiKey, "seller", paid.tradeId),
      409,
      "invalid-state",
    );
    expect(refused.detail).toContain("`AwaitingShipment`");
  });

  it("answers 404 to a user who is not a party", async () => {
    const { tenant, tradeId } = await newTrade();
    expectErrorRecord(await party(abandon, tenant.testApiKey, "stranger", tradeId), 404, "not-found");
  });
});

describe("Cancel ongoing trade", () => {
  const call = (token: string, tradeId: string, state: unknown) =>
    callRoute(cancel, {
      method: "POST",
      path: `/api/v1/marketplace/trades/${tradeId}/cancel`,
      params: { tradeId },
      token,
      body: { state },
    });

  it("is a compare-and-set on the state, refunds a paid trade, and stops once sent", async () => {
    const { tenant, tradeId } = await newTrade();
    await advance(tenant.tenantId, tradeId, [["escrowPaid", "paymentRail"]]);
    const stale = expectErrorRecord(await call(tenant.testApiKey, tradeId, "Created"), 409, "invalid-state");
    expect(stale.detail).toContain("`AwaitingShipment`");
    expect((await call(tenant.testApiKey, tradeId, "AwaitingShipment")).json).toEqual({ state: "Cancelled" });
    const refund = await db.ledgerPosting.aggregate({
      where: { tradeId, account: "payer_refund" },
      _sum: { amountMinor: true },
    });
    expect(refund._sum.amountMinor).toBe(20000n);

    const sent = await newTrade();
    await advance(sent.tenant.tenantId, sent.tradeId, toDelivered.slice(0, 3));
    const late = expectErrorRecord(await call(sent.tenant.testApiKey, sent.tradeId, "Sent"), 409, "invalid-state");
    expect(late.detail).toContain("`Created`, `InvitationAccepted`, `AwaitingShipment`, `LabelCreated`");
    expectErrorRecord(await call(sent.tenant.testApiKey, "no-such-trade", "Sent"), 404, "not-found");
  });
});

describe("item condition and the return leg", () => {
  it("settles when the payer accepts the delivered item", async () => {
    const { tenant, tradeId } = await newTrade();
    await advance(tenant.tenantId, tradeId, toDelivered);
    const accepted = await party(acceptCondition, tenant.testApiKey, "buyer", tradeId);
    expect(accepted.json).toMatchObject({
      state: "Succeeded",
      phases: { finished: { succeeded: expect.any(String), amount: 200 } },
    });
  });

  it("runs reject → take back → return → payee accepts → Returned, refunding the payer", async () => {
    const { tenant, tradeId } = await newTrade();
    await advance(tenant.tenantId, tradeId, toDelivered);
    expectErrorRecord(
      await party(rejectCondition, tenant.testApiKey, "buyer", tradeId, { reason: "not a string" }),
      400,
      "validation-error",
    );
    const rejected = await party(rejectCondition, tenant.testApiKey, "buyer", tradeId, "The shade is broken.");
    expect(rejected.json).toMatchObject({
      state: "ConditionRejected",
      phases: { delivery: { rejectedReason: { description: "The shade is broken.", images: [] } } },
    });
    expect(rejected.json.payee.status.actions.map((a: { type: number }) => a.type)).toEqual([12, 13]);

    const takenBack = await party(acceptCondition, tenant.testApiKey, "seller", tradeId);
    expect(takenBack.json).toMatchObject({
      state: "ReturnAwaitingShipment",
      phases: { return: { started: expect.any(String) } },
    });
    await advance(tenant.tenantId, tradeId, [
      ["returnLabelCreated", "paymentRail"],
      ["returnShipmentSent", "carrier"],
      ["returnShipmentDelivered", "carrier"],
    ]);
    expectErrorRecord(await party(acceptCondition, tenant.testApiKey, "buyer", tradeId), 409, "invalid-state");
    const returned = await party(acceptCondition, tenant.testApiKey, "seller", tradeId);
    expect(returned.json.state).toBe("Returned");
    const balances = await db.ledgerPosting.groupBy({
      by: ["account"],
      where: { tradeId },
      _sum: { amountMinor: true },
    });
    expect(Object.fromEntries(balances.map((b) => [b.account, b._sum.amountMinor]))).toEqual({
      payer_funding: -20000n,
      escrow: 0n,
      payer_refund: 20000n,
    });
    const names = (await db.outboxEvent.findMany({ where: { tradeId }, orderBy: { sequence: "asc" } })).map(
      (e) => e.eventName,
    );
    expect(names).toEqual([
      "trade.created",
      "trade.shipment_label_created",
      "trade.shipment_sent",
      "trade.shipment_delivered",
      "trade.condition_rejected",
      "trade.return_shipment_label_created",
      "trade.return_shipment_sent",
      "trade.return_shipment_delivered",
      "trade.return_condition_accepted",
    ]);
  });

  it("lets the payee dispute a rejection", async () => {
    const { tenant, tradeId } = await newTrade();
    await advance(tenant.tenantId, tradeId, [...toDelivered, ["rejectCondition", "payer"]]);
    expect(
      (await party(rejectCondition, tenant.testApiKey, "seller", tradeId, "It was fine when sent.")).json.state,
    ).toBe("Disputed");
  });
});
