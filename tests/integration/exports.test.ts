// Exports (issue 17 item 5): the file holds exactly the database's rows of the tenant, mode and
// range — parsed back, amounts exact, text quoted per RFC 4180 and defused against spreadsheet
// formulas — across batch boundaries and keyset ties, through the v1 API and the console.
import { describe, expect, it } from "vitest";
// First: it sets up the Next request scope that console modules need when they load.
import { callConsole } from "../helpers/console-request.ts";
import { GET as consoleExport } from "../../app/(console)/console/api/exports/[kind]/route.ts";
import { GET as exportLedger } from "../../app/api/v1/marketplace/exports/ledger-movements/route.ts";
import { GET as exportPayouts } from "../../app/api/v1/marketplace/exports/payouts/route.ts";
import { GET as exportTrades } from "../../app/api/v1/marketplace/exports/trades/route.ts";
import { decimalToString } from "../../lib/money/decimal.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { insertTrade } from "../helpers/trades.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const RANGE = "from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z";
const IN_RANGE = new Date("2026-11-10T12:00:00.123Z");
const money = (minor: bigint | null) => (minor === null ? "" : decimalToString({ units: minor, scale: 2 }));

/** RFC 4180 read back: quoted fields with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  expect(field + record.join(""), "the file ends with CRLF").toBe("");
  return records;
}

/** The records as objects keyed by the header. */
function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

async function api(handler: typeof exportTrades, kind: string, token: string, query = RANGE) {
  return callRoute(handler, { path: `/api/v1/marketplace/exports/${kind}?${query}`, token });
}

async function tradeAt(
  tenantId: string,
  createdAt: Date,
  data: { title?: string; referenceId?: string; mode?: "test" | "live"; amountMinor?: bigint } = {},
) {
  const trade = await insertTrade(tenantId, { amountMinor: data.amountMinor });
  return db.trade.update({
    where: { id: trade.id },
    data: {
      createdAt,
      ...(data.title ? { title: data.title } : {}),
      ...(data.referenceId ? { referenceId: data.referenceId } : {}),
      ...(data.mode ? { mode: data.mode } : {}),
    },
  });
}

describe("trades export", () => {
  it("is the tenant's trades of the mode and range, amounts exact, text quoted and defused", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const tricky = [
      `=HYPERLINK("https://evil.example","click")`,
      "+1 bike",
      "-cmd",
      "@SUM(A1)",
      'Bike, "red"\r\nwith bell',
      "plain",
    ];
    const trades = [];
    for (const [i, title] of tricky.entries())
      trades.push(
        await tradeAt(tenant.tenantId, new Date(IN_RANGE.getTime() + i * 1000), {
          title,
          amountMinor: 123456789012345n + BigInt(i),
        }),
      );
    await tradeAt(tenant.tenantId, new Date("2026-10-31T23:59:59.999Z"));
    await tradeAt(tenant.tenantId, new Date("2026-12-01T00:00:00.000Z")); // `to` is exclusive
    await tradeAt(tenant.tenantId, IN_RANGE, { mode: "live" });
    await tradeAt(other.tenantId, IN_RANGE);

    const result = await api(exportTrades, "trades", tenant.testApiKey);
    expect(result.status).toBe(200);
    expect(result.headers.get("Content-Type")).toBe("text/csv; charset=utf-8; header=present");
    expect(result.headers.get("Content-Disposition")).toBe(
      'attachment; filename="trades-test-20261101T000000Z-20261201T000000Z.csv"',
    );
    const rows = csvObjects(result.text!);
    expect(rows.map((r) => r.tradeId)).toEqual(trades.map((t) => t.id));
    for (const [i, trade] of trades.entries()) {
      const row = rows[i]!;
      expect(row.title).toBe(i < 4 ? `'${tricky[i]}` : tricky[i]);
      expect(row.createdAt).toBe(trade.createdAt.toISOString());
      expect(row.amount).toBe(money(trade.amountMinor)); // 1234567890123.45: past a double's exact cents
      expect(row.payerFee).toBe(money(trade.payerFeeMinor + trade.payerFixedFeeMinor));
      expect(row.payeeFee).toBe(money(trade.payeeFeeMinor + trade.payeeFixedFeeMinor));
      expect(row.payerTotal).toBe(money(trade.payerTotalMinor));
      expect(row.payeePayout).toBe(money(trade.payeePayoutMinor));
      expect(row.serviceRevenue).toBe(money(trade.serviceRevenueMinor));
      expect(row.tenantRevenue).toBe(money(trade.tenantRevenueMinor));
      expect(row.settlementRefund).toBe("");
      expect(row.state).toBe(trade.state);
      expect(row.finishedAt).toBe("");
    }
    expect(rows[0]!.amount).toBe("1234567890123.45");

    const live = csvObjects((await api(exportTrades, "trades", tenant.liveApiKey)).text!);
    expect(live).toHaveLength(1);
    expect(live[0]!.tradeId).not.toMatch(new RegExp(trades.map((t) => t.id).join("|")));
  });

  // The second outside probe: `a;=1+1;b` became a cell `=1+1` in a spreadsheet that splits on `;`.
  it("quotes every text field and defuses a formula after a semicolon, in the API's file and the console's", async () => {
    const tenant = await freshTenant();
    const admin = await db.staffUser.findFirstOrThrow({ where: { tenantId: tenant.tenantId, role: "admin" } });
    const trade = await tradeAt(tenant.tenantId, IN_RANGE, { title: "a;=1+1;b", referenceId: "ref;@x" });
    const files = [
      (await api(exportTrades, "trades", tenant.testApiKey)).text!,
      (
        await callConsole(consoleExport, {
          method: "GET",
          path: "/console/api/exports/trades?from=2026-11-10&to=2026-11-10",
          params: { kind: "trades" },
          staffId: admin.id,
        })
      ).text!,
    ];
    for (const file of files) {
      const [header, record] = file.split("\r\n");
      expect(header!.split(",").every((name) => /^"\w+"$/.test(name))).toBe(true);
      expect(record!.startsWith(`"${trade.id}","ref;'@x",`)).toBe(true);
      expect(record).toContain(`,"a;'=1+1;b",`);
      expect(record!.split(";").filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
      const row = csvObjects(file)[0]!;
      expect([row.title, row.referenceId]).toEqual(["a;'=1+1;b", "ref;'@x"]);
    }
    // JSON lines carry the text exactly as it was typed.
    const line = JSON.parse((await api(exportTrades, "trades", tenant.testApiKey, `${RANGE}&format=jsonl`)).text!);
    expect([line.title, line.referenceId]).toEqual(["a;=1+1;b", "ref;@x"]);
  });

  it("answers the header alone for an empty range in CSV, and nothing in JSON lines", async () => {
    const tenant = await freshTenant();
    const csv = await api(
      exportTrades,
      "trades",
      tenant.testApiKey,
      "from=2001-01-01T00:00:00Z&to=2001-01-01T00:00:00Z",
    );
    expect(csv.status).toBe(200);
    expect(parseCsv(csv.text!)).toEqual([expect.arrayContaining(["tradeId", "amount", "createdAt"])]);
    const jsonl = await api(
      exportTrades,
      "trades",
      tenant.testApiKey,
      "from=2001-01-01T00:00:00Z&to=2002-01-01T00:00:00Z&format=jsonl",
    );
    expect(jsonl.status).toBe(200);
    expect(jsonl.headers.get("Content-Type")).toBe("application/x-ndjson; charset=utf-8");
    expect(jsonl.text).toBe("");
  });

  it("refuses a range it cannot read with the error record naming the field", async () => {
    const tenant = await freshTenant();
    const refused = async (query: string, key: string) => {
      const record = expectErrorRecord(
        await api(exportTrades, "trades", tenant.testApiKey, query),
        400,
        "validation-error",
      );
      expect(record.errors.map((e) => e.key)).toContain(key);
    };
    await refused("from=2026-12-01T00:00:00Z&to=2026-11-01T00:00:00Z", "to");
    await refused("from=1969-12-31T00:00:00Z&to=2026-11-01T00:00:00Z", "from");
    await refused("from=2026-11-01&to=2026-12-01T00:00:00Z", "from");
    await refused("to=2026-12-01T00:00:00Z", "from");
    await refused(`${RANGE}&format=xlsx`, "format");
    await refused(`${RANGE}&limit=5`, "limit");
    expectErrorRecord(await api(exportTrades, "trades", "esk_test_nope"), 401, "unauthorized");
  });
});

describe("payouts export", () => {
  it("is the tenant's payouts as JSON lines, every value a string or null", async () => {
    const tenant = await freshTenant();
    const trade = await tradeAt(tenant.tenantId, IN_RANGE);
    const paid = await db.payout.create({
      data: {
        tenantId: tenant.tenantId,
        mode: "test",
        tradeId: trade.id,
        attempt: 1,
        recipientMarketplaceUserId: "payee-1",
        amountMinor: 9999999999999999n,
        currency: "DKK",
        bankAccountLast4: "0042",
        state: "Failed",
        reference: "=cmd|' /C calc'!A0",
        failureReason: "Account closed",
        createdAt: IN_RANGE,
        failedAt: IN_RANGE,
      },
    });
    const retry = await db.payout.create({
      data: {
        tenantId: tenant.tenantId,
        mode: "test",
        tradeId: trade.id,
        attempt: 2,
        recipientMarketplaceUserId: "payee-1",
        amountMinor: 5n,
        currency: "DKK",
        bankAccountLast4: "6243",
        state: "Paid",
        reference: "ESCROW 1234",
        createdAt: IN_RANGE,
        paidAt: IN_RANGE,
      },
    });
    const result = await api(exportPayouts, "payouts", tenant.testApiKey, `${RANGE}&format=jsonl`);
    expect(result.status).toBe(200);
    const lines = result
      .text!.trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    // Same createdAt: the id breaks the tie.
    const expected = [paid, retry].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(lines.map((l) => l.payoutId)).toEqual(expected.map((p) => p.id));
    const failed = lines.find((l) => l.payoutId === paid.id);
    expect(failed).toEqual({
      payoutId: paid.id,
      tradeId: trade.id,
      attempt: "1",
      createdAt: IN_RANGE.toISOString(),
      state: "Failed",
      currency: "DKK",
      amount: "99999999999999.99",
      recipientMarketplaceUserId: "payee-1",
      businessId: null,
      businessLocationId: null,
      bankAccountLast4: "0042",
      reference: "=cmd|' /C calc'!A0",
      paidAt: null,
      failedAt: IN_RANGE.toISOString(),
      failureReason: "Account closed",
    });
    const csv = csvObjects((await api(exportPayouts, "payouts", tenant.testApiKey)).text!);
    expect(csv.find((r) => r.payoutId === paid.id)!.reference).toBe("'=cmd|' /C calc'!A0");
    expect(csv.find((r) => r.payoutId === retry.id)!.amount).toBe("0.05");
  });
});

describe("ledger movements export", () => {
  it("streams every posting across batches and keyset ties, each transfer whole and summing to zero", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    // 2,500 transfers, ten per millisecond (ties on createdAt), two postings each: 5,000 rows over three batches.
    for (const [tenantId, mode] of [
      [tenant.tenantId, "test"],
      [tenant.tenantId, "live"],
      [other.tenantId, "test"],
    ] as const) {
      await db.$executeRawUnsafe(
        `INSERT INTO "LedgerTransfer" ("id", "tenantId", "mode", "kind", "currency", "createdAt")
         SELECT $1 || '-' || $2 || '-' || lpad(g::text, 5, '0'), $1, $2::"ApiMode", 'escrow_funding', 'DKK',
          timestamp '2026-11-10 00:00:00' + (g / 10) * interval '1 millisecond'
         FROM generate_series(1, 2500) g`,
        tenantId,
        mode,
      );
      await db.$executeRawUnsafe(
        `INSERT INTO "LedgerPosting" ("transferId", "tenantId", "account", "amountMinor")
         SELECT t."id", t."tenantId", a.account, a.sign * (substr(t."id", length(t."id") - 4)::bigint * 1000003)
         FROM "LedgerTransfer" t CROSS JOIN (VALUES ('payer_funding', -1), ('escrow', 1)) AS a(account, sign)
         WHERE t."tenantId" = $1 AND t."mode" = $2::"ApiMode" ORDER BY t."createdAt", t."id", a.sign`,
        tenantId,
        mode,
      );
    }
    const result = await api(exportLedger, "ledger-movements", tenant.testApiKey);
    expect(result.status).toBe(200);
    const rows = csvObjects(result.text!);
    const postings = await db.ledgerPosting.findMany({
      where: { transfer: { tenantId: tenant.tenantId, mode: "test" } },
      include: { transfer: true },
      orderBy: [{ transfer: { createdAt: "asc" } }, { transfer: { id: "asc" } }, { id: "asc" }],
    });
    expect(rows).toHaveLength(5000);
    expect(rows.map((r) => [r.transferId, r.postingId, r.createdAt, r.account, r.amount])).toEqual(
      postings.map((p) => [
        p.transferId,
        String(p.id),
        p.transfer.createdAt.toISOString(),
        p.account,
        money(p.amountMinor),
      ]),
    );
    const byTransfer = new Map<string, bigint>();
    for (const row of rows)
      byTransfer.set(row.transferId!, (byTransfer.get(row.transferId!) ?? 0n) + BigInt(row.amount!.replace(".", "")));
    expect(byTransfer.size).toBe(2500);
    expect([...byTransfer.values()].every((sum) => sum === 0n)).toBe(true);
    expect(rows.every((r) => r.transferId!.startsWith(`${tenant.tenantId}-test-`))).toBe(true);
  });
});

describe("console export", () => {
  it("downloads the signed-in tenant's file of the chosen mode and days, and refuses a reversed range", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const own = await tradeAt(tenant.tenantId, IN_RANGE, { title: "@own" });
    await tradeAt(other.tenantId, IN_RANGE);
    const viewer = await addStaff(db, {
      tenantId: tenant.tenantId,
      email: `viewer-${tenant.tenantId}@a.example`,
      role: "viewer",
    });
    const path = "/console/api/exports/trades?mode=test&from=2026-11-10&to=2026-11-10";
    const result = await callConsole(consoleExport, {
      method: "GET",
      path,
      params: { kind: "trades" },
      staffId: viewer.staffId,
    });
    expect(result.status).toBe(200);
    const rows = csvObjects(result.text!);
    expect(rows.map((r) => [r.tradeId, r.title])).toEqual([[own.id, "'@own"]]);
    const reversed = await callConsole(consoleExport, {
      method: "GET",
      path: "/console/api/exports/trades?from=2026-11-10&to=2026-11-09",
      params: { kind: "trades" },
      staffId: viewer.staffId,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.json.errors).toEqual([{ key: "to", value: "Must not be before from" }]);
    const unknown = await callConsole(consoleExport, {
      method: "GET",
      path: "/console/api/exports/balances?from=2026-11-10&to=2026-11-10",
      params: { kind: "balances" },
      staffId: viewer.staffId,
    });
    expect(unknown.status).toBe(400);
  });
});
