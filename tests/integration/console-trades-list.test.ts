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
    const response = await api.initiate({
      title: spec.title,
      description: "d",
      amount: spec.amount,
      payerFee: 0,
      payeeFee: 0,
      payerMarketplaceUserId: spec.payer,
      payeeMarketplaceUserId: spec.payee,
      referenceId: spec.referenceId,
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
    });
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
    expect(page.pagination).toEqual({ pageSize: 25, totalCount: 3, moreThanCount: false, next: null, previous: null });
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
    expect(titles(await list(tenant.tenantId, "sort=amount&dir=asc"))).toEqual([
      "Oak bookshelf",
      "Road bike",
      "Oak dining table",
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(tenant.tenantId, `from=${today}&to=${today}`)).pagination.totalCount).toBe(3);
    expect((await list(tenant.tenantId, "to=2000-01-01")).pagination.totalCount).toBe(0);
  });

  it("pages forwards and back by keyset in either sort order, and falls back to defaults for values that do not parse", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    // Equal amounts on purpose: the id breaks ties, so no row is skipped or shown twice.
    for (let i = 0; i < 23; i++) {
      await api.initiate({
        title: `Item ${String(i).padStart(2, "0")}`,
        description: "d",
        amount: 100 + (i % 4) * 10,
        payerFee: 0,
        payeeFee: 0,
        payerMarketplaceUserId: `buyer-${i}`,
        payeeMarketplaceUserId: "seller",
        successUrl: "https://shop.example/ok",
        cancelUrl: "https://shop.example/no",
      });
    }
    for (const order of ["", "sort=amount&dir=asc&", "sort=amount&dir=desc&", "dir=asc&"]) {
      const all = titles(await list(tenant.tenantId, `${order}pageSize=100`));
      expect(all).toHaveLength(23);
      const pages: string[][] = [];
      let page = await list(tenant.tenantId, `${order}pageSize=10`);
      pages.push(titles(page));
      expect(page.pagination.previous).toBeNull();
      while (page.pagination.next) {
        page = await list(tenant.tenantId, `${order}pageSize=10&after=${page.pagination.next}`);
        pages.push(titles(page));
      }
      expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
      expect(pages.flat()).toEqual(all);
      // And back again from the last page: the same pages, in the same order.
      const back = await list(tenant.tenantId, `${order}pageSize=10&before=${page.pagination.previous}`);
      expect(titles(back)).toEqual(pages[1]);
      const front = await list(tenant.tenantId, `${order}pageSize=10&before=${back.pagination.previous}`);
      expect(titles(front)).toEqual(pages[0]);
      expect(front.pagination.previous).toBeNull();
      expect(front.pagination.next).not.toBeNull();
    }
    const junk = await list(
      tenant.tenantId,
      "after=bm9wZQ&pageSize=9999&sort=drop&dir=sideways&min=1e9&state=Nope&mode=prod",
    );
    expect(junk.pagination).toMatchObject({ pageSize: 25, totalCount: 23, previous: null });
    expect(junk.trades).toHaveLength(23);
  });

  it("treats search text literally: % and _ are not wildcards", async () => {
    const { tenant } = await tenantWithTrades();
    expect(titles(await list(tenant.tenantId, "q=%25"))).toEqual([]);
    expect(titles(await list(tenant.tenantId, "q=Oak_"))).toEqual([]);
    expect(titles(await list(tenant.tenantId, "q=OAK%20B"))).toEqual(["Oak bookshelf"]);
  });
});
