// Get trades answers each trade's record as rendered before while the rows it was rendered from
// are unchanged (lib/trades/rendered-trades.ts). What must hold: a page is always what the trades'
// rows say now, the same as Get trade details (which renders afresh), whatever changed them — the
// trade, a label, a party's account — and whichever way they were changed (here by plain SQL, so
// that no write path's help is needed); and a page of kept records is byte for byte the page
// rendered without them.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { GET as listTrades } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/route.ts";
import { GET as tradeDetails } from "../../app/api/v1/marketplace/users/[marketplaceUserId]/trades/[tradeId]/route.ts";
import { metrics } from "../../lib/ops/metrics.ts";
import { callRoute } from "../helpers/call-route.ts";
import { countsByResult, sellerAndBuyer } from "../helpers/trade-pages.ts";
import { db } from "../helpers/tenants.ts";

const KEPT = Symbol.for("escrow.renderedTrades");
const holder = globalThis as { [KEPT]?: unknown };

afterEach(() => {
  // The next use reads RENDERED_TRADES_CACHE_MB again (on by default).
  delete holder[KEPT];
});

async function tenantWithTrades(count: number) {
  const { tenant, initiateTrade } = await sellerAndBuyer();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await initiateTrade(`Bike ${i}`));
  const page = (language = "en", user = "seller") =>
    callRoute(listTrades, {
      path: `/api/v1/marketplace/users/${user}/trades`,
      params: { marketplaceUserId: user },
      token: tenant.testApiKey,
      headers: { "accept-language": language },
    });
  const detail = async (tradeId: string, language = "en") =>
    (
      await callRoute(tradeDetails, {
        path: `/api/v1/marketplace/users/seller/trades/${tradeId}`,
        params: { marketplaceUserId: "seller", tradeId },
        token: tenant.testApiKey,
        headers: { "accept-language": language },
      })
    ).json;
  // The page, checked against each trade's detail (rendered from its rows as they are now).
  const expectCurrent = async (language = "en") => {
    const answer = await page(language);
    expect(answer.status).toBe(200);
    const fresh = await Promise.all([...ids].reverse().map((id) => detail(id, language)));
    expect(answer.json.trades).toEqual(fresh);
    return answer;
  };
  return { tenant, ids, page, expectCurrent };
}

const counted = () => countsByResult(metrics().renderedTrades);

describe("Get trades from rendered records", () => {
  it("serves a page's records again while their rows are unchanged, byte for byte the page rendered afresh", async () => {
    const { page, expectCurrent } = await tenantWithTrades(3);
    const first = await expectCurrent();
    const before = await counted();
    const again = await page();
    const after = await counted();
    expect(again.body).toBe(first.body);
    expect((after.kept ?? 0) - (before.kept ?? 0)).toBe(3);
    expect((after.rendered ?? 0) - (before.rendered ?? 0)).toBe(0);
    // The buyer's page reads the same versions from the other side (its own user is the payer).
    const buyers = await page("en", "buyer");
    expect(buyers.body).toBe(first.body);
    expect((await counted()).kept! - after.kept!).toBe(3);

    // Turned off (RENDERED_TRADES_CACHE_MB=0), the page is read and rendered in one statement.
    holder[KEPT] = null;
    const uncached = await page();
    expect(uncached.body).toBe(first.body);
    const untouched = await counted();
    await page();
    expect(await counted()).toEqual(untouched);
  });

  it("keeps each language's record apart", async () => {
    const { expectCurrent } = await tenantWithTrades(2);
    const english = await expectCurrent("en");
    const danish = await expectCurrent("da");
    expect(danish.body).not.toBe(english.body);
    expect((await expectCurrent("en")).body).toBe(english.body);
  });

  it("shows every change of a trade's rows at once: the trade, its labels, either party's account", async () => {
    const { tenant, ids, expectCurrent } = await tenantWithTrades(3);
    await expectCurrent();
    const [, tradeId] = ids;
    const scope = { tenantId: tenant.tenantId, mode: "test" as const };

    // The trade's own row.
    await db.$executeRaw`UPDATE "Trade" SET "title" = 'Racing bike', "deliveryStartedAt" = now() WHERE "id" = ${tradeId}`;
    expect((await expectCurrent()).body).toContain("Racing bike");

    // A label for the delivery leg, then the carrier's code on it.
    const labelId = randomUUID();
    await db.shipmentLabel.create({
      data: {
        id: labelId,
        ...scope,
        tradeId: tradeId!,
        leg: "Delivery",
        carrier: "gls",
        priceMinor: 4900n,
        labelPricePayerMinor: 4900n,
        labelPricePayeeMinor: 0n,
        labelPaidBy: 1,
        expectedMaxWeightGrams: 5000,
      },
    });
    expect((await expectCurrent()).body).toContain(labelId);
    await db.shipmentLabel.update({ where: { id: labelId }, data: { labelCode: "GLS-CODE-1" } });
    expect((await expectCurrent()).body).toContain("GLS-CODE-1");

    // The payee's account (every trade shows it), and whether it can be paid out to.
    const seller = await db.marketplaceUser.findFirstOrThrow({ where: { ...scope, marketplaceUserId: "seller" } });
    await db.serviceAccount.update({ where: { id: seller.serviceAccountId! }, data: { name: "Sofie Sælger" } });
    expect((await expectCurrent()).body).toContain("Sofie Sælger");
    await db.serviceAccount.update({ where: { id: seller.serviceAccountId! }, data: { bankAccountNumber: null } });
    await expectCurrent();

    // The payer's user pointed at another account.
    const other = await db.serviceAccount.create({
      data: { ...scope, identitySubject: `subject-${randomUUID()}`, name: "Bo Køber", kycLevel: 1 },
    });
    await db.marketplaceUser.updateMany({
      where: { ...scope, marketplaceUserId: "buyer" },
      data: { serviceAccountId: other.id },
    });
    expect((await expectCurrent()).body).toContain("Bo Køber");
  });
});
