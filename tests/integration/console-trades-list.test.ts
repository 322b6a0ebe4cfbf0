// The console's trades list: only the tenant's own trades of the chosen mode, found by id,
// reference id, user id or title; filtered by state, phase, date and amount; sorted; paged.
import { describe, expect, it } from "vitest";
import { listTrades } from "../../lib/console/trades/list-trades.ts";
import { parseTradeFilters } from "../../lib/console/trades/trade-filters.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { freshTenant } from "../helpers/tenants.ts";

async function tenantWithTrades() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  for (const user of ["seller-a", "seller-b"]) await api.connect(user);
  const made: string[] = [];
  const specs = [
    { title: "Oak dining table", amount: 2500, payee: "seller-a", payer: "buyer-1", referenceId: "order-1001" },
    { title: "Road bike", amount: 1200, payee: "seller-a", payer: "buyer-2", referenceId: "order-1002" },
    { title: "Oak bookshelf", amount: 800, payee: "seller-b", payer: "buyer-1", referenceId: "order-1003" },
  ];
  for (const spec of specs) {
    const response = await api.initiate({ title: spec.title, description: "d", amount: spec.amount, payerFee: 0, payeeFee: 0, payerMarketplaceUserId: spec.payer, payeeMarketplaceUserId: spec.payee, referenceId: spec.referenceId, successUrl: "https://shop.example/ok", cancelUrl: "https://shop.example/no" });
    made.push(response.json.tradeId);
  }
  const paid = await api.acceptAndPay("buyer-2", made[1]!);
  await api.completePayment(paid.json.paymentId);
  return { tenant, ids: made };
}

const list = (tenantId: string, query: string) => listTrades(tenantId, parseTradeFilters(new URLSearchParams(query)));
const titles = (page: Awaited<ReturnType<typeof listTrades>>) => page.trades.map((t) => t.title);

describe("the console's trades list", () => {
  it("shows only the tenant's own trades of the chosen mode, newest first", async () => {
    const { tenant } = await tenantWithTrades();
    await tenantWithTrades(); // another tenant's trades
    const page = await list(tenant.tenantId, "");
    expect(titles(page)).toEqual(["Oak bookshelf", "Road bike", "Oak dining table"]);
    expect(page.pagination).toEqual({ page: 1, pageSize: 25, totalCount: 3 });
    expect((await list(tenant.tenantId, "mode=live")).trades).toEqual([]);
  });

  it("finds a trade by its id, reference id, a party's user id, or words of the title", async () => {
    const { tenant, ids } = await tenantWithTrades();
    expect(titles(await list(tenant.tenantId, `q=${ids[0]}`))).toEqual(["Oak dining table"]);
    expect(titles(await list(tenant.tenantId, "q=order-1002"))).toEqual(["Road bike"]);
    expect(titles(await list(tenant.tenantId, "q=buyer-1"))).toEqual(["Oak bookshelf", "Oak dining table"]);
    expect(titles(await list(tenant.tenantId, "q=seller-b"))).toEqual(["Oak bookshelf"]);
    expect(titles(await list(tenant.tenantId, "q=oak"))).toEqual(["Oak bookshelf", "Oak dining table"]);
    expect(titles(await list(tenant.tenantId, "q=nothing-like-it"))).toEqual([]);
  });

  it("filters by state, phase, amount and date, and sorts by amount", async () => {
    const { tenant } = await tenantWithTrades();
    expect(titles(await list(tenant.tenantId, "state=AwaitingShipment"))).toEqual(["Road bike"]);
    expect(titles(await list(tenant.tenantId, "phase=contract"))).toEqual(["Oak bookshelf", "Oak dining table"]);
    expect(titles(await list(tenant.tenantId, "phase=contract&state=AwaitingShipment"))).toEqual([]);
    expect(titles(await list(tenant.tenantId, "min=1000&max=2000"))).toEqual(["Road bike"]);
    expect(titles(await list(tenant.tenantId, "sort=amount&dir=asc"))).toEqual(["Oak bookshelf", "Road bike", "Oak dining table"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(tenant.tenantId, `from=${today}&to=${today}`)).pagination.totalCount).toBe(3);
    expect((await list(tenant.tenantId, "to=2000-01-01")).pagination.totalCount).toBe(0);
  });

  it("pages, and falls back to defaults for values that do not parse", async () => {
    const { tenant } = await tenantWithTrades();
    const second = await list(tenant.tenantId, "pageSize=10&page=1");
    expect(second.trades).toHaveLength(3);
    expect((await list(tenant.tenantId, "pageSize=10&page=2")).trades).toEqual([]);
    const junk = await list(tenant.tenantId, "page=-4&pageSize=9999&sort=drop&dir=sideways&min=1e9&state=Nope&mode=prod");
    expect(junk.pagination).toMatchObject({ page: 1, pageSize: 25, totalCount: 3 });
  });
});
