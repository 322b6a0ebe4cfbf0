// Initiate trade writes everything in one SQL statement (lib/trades/store/insert-trade.ts).
// Every field of a full request must land in its column with the right type and value, the party
// rows, the first timeline entry, the checkout-key claims and the checkout session with it — and
// with a payee who is not connected, nothing at all.
import { describe, expect, it } from "vitest";
import { hashSessionToken } from "../../lib/hosted-links/sessions.ts";
import { initiateTrade } from "../../lib/trades/initiate-trade.ts";
import { InitiateTradeBody } from "../../lib/trades/schemas.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const BUSINESS = { businessId: "12345678", businessLocationId: "1012345678" };

describe("initiate trade in one statement", () => {
  it("stores every field of a full request with its type, and the rows that belong to the trade", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [BUSINESS.businessId] });
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller-full");
    const before = Date.now();
    const body = {
      title: "Road bike",
      description: "Steel frame, 58 cm",
      amount: 1234.5,
      payerFee: 2.5,
      payerFixedFee: 3,
      payeeFee: 4.25,
      payeeFixedFee: 1.1,
      payerMarketplaceUserId: "buyer-full",
      payeeMarketplaceUserId: "seller-full",
      referenceId: "order-77",
      checkoutUniquenessKey: "cart-77",
      checkoutIdempotencyKey: "legacy-77",
      deliveryByHandAllowed: true,
      shipping: {
        expectedMaxWeight: 12000,
        paidBy: "Payer",
        price: 49.95,
        shippingOptions: { carrier: "gls", nested: [1, { a: null }] },
      },
      returnShipping: { paidBy: "Payee" },
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
      imageUrls: ["https://img.example/1.jpg", "https://img.example/2.jpg"],
      appSwitch: { appSwitchCallbackUri: "https://shop.example/app/return", operatingSystem: "iOS" },
      prioritizedPayees: [BUSINESS],
      checkoutType: "Marketplace",
    };
    const created = await api.initiate(body);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const tradeId = created.json.tradeId as string;

    const trade = await db.trade.findUniqueOrThrow({ where: { id: tradeId } });
    expect(trade).toMatchObject({
      tenantId: tenant.tenantId,
      mode: "test",
      state: "Created",
      sequence: 0,
      referenceId: "order-77",
      title: "Road bike",
      description: "Steel frame, 58 cm",
      currency: "DKK",
      imageUrls: body.imageUrls,
      payerMarketplaceUserId: "buyer-full",
      payeeMarketplaceUserId: "seller-full",
      createdBy: "seller-full",
      prioritizedPayees: [BUSINESS],
      amountMinor: 123450n,
      payerFixedFeeMinor: 300n,
      payeeFixedFeeMinor: 110n,
      payerFeeMinor: 3086n, // 2.5% of 1234.50 = 30.8625 → 30.86
      payeeFeeMinor: 5247n, // 4.25% of 1234.50 = 52.46625 → 52.47
      shippingPayerMinor: 4995n,
      payerTotalMinor: 123450n + 3086n + 300n + 4995n,
      payeePayoutMinor: 123450n - 5247n - 110n,
      checkoutUniquenessKey: "cart-77",
      checkoutIdempotencyKey: "legacy-77",
      checkoutType: "Marketplace",
      deliveryByHandAllowed: true,
      shipping: body.shipping,
      returnShipping: body.returnShipping,
      appSwitch: body.appSwitch,
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      deadlineKind: expect.any(String),
    });
    expect(trade.payerFeePercent.toString()).toBe("2.5");
    expect(trade.payeeFeePercent.toString()).toBe("4.25");
    expect(trade.serviceRevenueMinor + trade.tenantRevenueMinor).toBe(
      trade.payerTotalMinor - trade.shippingPayerMinor - trade.payeePayoutMinor,
    );
    // Times are stored as the instant they are (UTC), not shifted by a time zone.
    for (const at of [trade.createdAt, trade.updatedAt, trade.contractStartedAt!]) {
      expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(at.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const settings = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
    expect(trade.deadlineAt!.getTime() - trade.createdAt.getTime()).toBe(settings.unpaidExpirySeconds * 1000);

    const parties = await db.tradeParty.findMany({ where: { tradeId }, orderBy: { role: "asc" } }); // enum order: payer, payee
    expect(parties.map((p) => [p.role, p.marketplaceUserId, p.tenantId, p.mode, p.tradeCreatedAt.getTime()])).toEqual([
      ["payer", "buyer-full", tenant.tenantId, "test", trade.createdAt.getTime()],
      ["payee", "seller-full", tenant.tenantId, "test", trade.createdAt.getTime()],
    ]);
    expect(
      await db.tradeTimelineEntry.findMany({
        where: { tradeId },
        select: { sequence: true, action: true, actor: true, fromState: true, toState: true, occurredAt: true },
      }),
    ).toEqual([
      {
        sequence: 0,
        action: "initiate",
        actor: "tenant",
        fromState: null,
        toState: "Created",
        occurredAt: trade.createdAt,
      },
    ]);
    expect(
      (await db.checkoutKeyClaim.findMany({ where: { tradeId }, orderBy: { kind: "asc" } })).map((c) => [
        c.kind,
        c.key,
      ]),
    ).toEqual([
      ["idempotency", "legacy-77"],
      ["uniqueness", "cart-77"],
    ]);
    const token = new URL(created.json.redirectUrl as string).pathname.split("/").pop()!;
    const session = await db.hostedSession.findUniqueOrThrow({ where: { tokenHash: hashSessionToken(token) } });
    expect(session).toMatchObject({
      tenantId: tenant.tenantId,
      mode: "test",
      kind: "Checkout",
      marketplaceUserId: "buyer-full",
      tradeId,
      successUrl: body.successUrl,
      cancelUrl: body.cancelUrl,
      appSwitch: body.appSwitch,
      state: "Open",
    });
    expect(session.expiresAt.getTime() - trade.createdAt.getTime()).toBe(60 * 60 * 1000);

    // The same key again: 409 naming the trade, and nothing new.
    const again = await api.initiate({ ...body, checkoutIdempotencyKey: null });
    expect(again.status).toBe(409);
    expect(again.json.detail).toContain(tradeId);
    expect(await db.trade.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
  });

  it("writes nothing when the payee is not connected", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    const refused = await api.initiate({
      title: "Lamp",
      description: "Brass",
      amount: 100,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "b",
      payeeMarketplaceUserId: "not-connected",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
      checkoutUniquenessKey: "k-1",
    });
    expect(refused.status).toBe(409);
    expect(refused.json.typeCode).toBe("payee-not-connected");
    for (const count of [
      db.trade.count({ where: { tenantId: tenant.tenantId } }),
      db.tradeParty.count({ where: { tenantId: tenant.tenantId } }),
      db.checkoutKeyClaim.count({ where: { tenantId: tenant.tenantId } }),
      db.hostedSession.count({ where: { tenantId: tenant.tenantId } }),
    ]) {
      expect(await count).toBe(0);
    }
  });

  it("writes nothing when the tenant's currency changed after the request read the tenant (409 conflict)", async () => {
    const tenant = await freshTenant();
    await tenantClient(tenant.testApiKey).connect("seller-currency");
    const row = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
    // An admin changes the currency (allowed: no trades yet) after this request authenticated.
    await db.tenant.update({
      where: { id: tenant.tenantId },
      data: { currency: row.currency === "EUR" ? "DKK" : "EUR" },
    });
    const body = InitiateTradeBody.parse({
      title: "Lamp",
      description: "Brass",
      amount: 100,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: "buyer-currency",
      payeeMarketplaceUserId: "seller-currency",
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
    });
    await expect(
      initiateTrade({ tenant: row, mode: "test", tokenId: "token", now: new Date() }, body),
    ).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("currency was changed") });
    expect(await db.trade.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
    expect(await db.hostedSession.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
    // Read again, the same request goes through, in the new currency.
    const fresh = await db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });
    const { tradeId } = await initiateTrade({ tenant: fresh, mode: "test", tokenId: "token", now: new Date() }, body);
    expect((await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).currency).toBe(fresh.currency);
  });
});
