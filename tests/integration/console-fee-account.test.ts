// The console's fee account (Settings → Your fees' payout account): an admin gives the bank account
// the tenant's share of the fees is paid to and accepts the terms; the time and the address are
// kept; a bad account, a missing acceptance or a viewer is refused and changes nothing. With the
// simulated rail, released trades' fees then reach the tenant's account there (ledger
// tenant_fee_payout), once.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import { describe, expect, it } from "vitest";
import { POST as feeAccount } from "../../app/(console)/console/api/settings/fee-account/route.ts";
import { sendTenantFees } from "../../lib/payouts/send-tenant-fees.ts";
import { settledArmchair } from "../helpers/armchair.ts";
import { callConsole } from "../helpers/console-request.ts";
import { staffOf } from "../helpers/staff-context.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const GOOD_IBAN = "DK5000400440116243";

const save = (staffId: string, body: unknown) =>
  callConsole(feeAccount, { method: "POST", path: "/console/api/settings/fee-account", staffId, body });

describe("the tenant's fee account", () => {
  it("is saved by an admin who accepts the terms, and refused otherwise without a change", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const stored = () => db.tenant.findUniqueOrThrow({ where: { id: tenant.tenantId } });

    const refusals = [
      await save(admin.staff.id, { accountNumber: "DK5000400440116244", holderName: "Shop ApS", acceptTerms: true }),
      await save(admin.staff.id, { accountNumber: GOOD_IBAN, holderName: "Shop ApS", acceptTerms: false }),
      await save(admin.staff.id, { accountNumber: GOOD_IBAN, holderName: " ", acceptTerms: true }),
      await save(viewer.staff.id, { accountNumber: GOOD_IBAN, holderName: "Shop ApS", acceptTerms: true }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 403]);
    expect(JSON.stringify(refusals[0]!.json)).toContain("accountNumber");
    expect(JSON.stringify(refusals[1]!.json)).toContain("acceptTerms");
    expect(await stored()).toMatchObject({ feeAccountNumber: null, feeTermsAcceptedAt: null });

    const saved = await save(admin.staff.id, {
      accountNumber: "DK50 0040 0440 1162 43",
      holderName: "Shop ApS",
      acceptTerms: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ last4: "6243", holderName: "Shop ApS" });
    expect(await stored()).toMatchObject({
      feeAccountNumber: GOOD_IBAN,
      feeAccountHolder: "Shop ApS",
      feeTermsAcceptedAt: expect.any(Date),
    });
  });

  it("sends a released trade's fees to the tenant's account once, with the ledger's tenant_fee_payout", async () => {
    const world = await settledArmchair(); // released; the tenant's fees are 106.00
    const tradeId = world.tradeId;
    const admin = await staffOf(world.tenant.tenantId, "admin");
    // Released before the account was given: its fees stay with the service.
    await sendTenantFees(10_000);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({ feeTransferId: "none" });

    expect(
      (await save(admin.staff.id, { accountNumber: GOOD_IBAN, holderName: "Shop ApS", acceptTerms: true })).status,
    ).toBe(200);
    await db.trade.update({ where: { id: tradeId }, data: { feeTransferId: null } }); // as if released after it
    await sendTenantFees(10_000);
    await sendTenantFees(10_000);
    expect(await db.trade.findUniqueOrThrow({ where: { id: tradeId } })).toMatchObject({
      feeTransferId: `simfees_${tradeId}`,
    });
    const sent = await db.ledgerPosting.findMany({
      where: { tradeId, transfer: { kind: "tenant_fee_payout" } },
      select: { account: true, amountMinor: true },
      orderBy: { account: "asc" },
    });
    expect(sent).toEqual([
      { account: "tenant_bank", amountMinor: 10_600n },
      { account: "tenant_revenue", amountMinor: -10_600n },
    ]);
  });
});
