// The console's users and business users: staff see only their own tenant's users of the chosen
// mode, found by id or name, with their trades on both sides and payout accounts masked; business
// users change only by an admin, under the API's own rules (whitelist, uniqueness, validation),
// and a refused change leaves everything as it was.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as createRoute } from "../../app/(console)/console/api/business-users/route.ts";
import { listBusinessUsers } from "../../lib/console/business-users/list-business-users.ts";
import {
  consoleCreateBusinessUser,
  consoleDeleteBusinessUser,
  consoleEditBusinessUser,
} from "../../lib/console/business-users/manage-business-users.ts";
import { ConsoleForbidden, type StaffContext } from "../../lib/console/auth/staff-session.ts";
import { listUsers } from "../../lib/console/users/list-users.ts";
import { loadUserForConsole } from "../../lib/console/users/load-user.ts";
import { parseUserFilters } from "../../lib/console/users/user-filters.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { callRoute } from "../helpers/call-route.ts";
import { smallTradeBody, tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const ACCOUNT = "DK5000400440116243";
const CVR = "12345678";

async function staffOf(tenantId: string, role: "admin" | "viewer"): Promise<StaffContext> {
  const added = await addStaff(db, { tenantId, email: `${role}-${randomUUID()}@example.com`, role });
  const staff = await db.staffUser.findUniqueOrThrow({ where: { id: added.staffId }, include: { tenant: true } });
  const { tenant, ...rest } = staff;
  return { staff: rest, tenant, isAdmin: role === "admin" };
}

const trade = (payer: string, payee: string, title: string) =>
  smallTradeBody(payer, payee, { title, description: "d", amount: 300 });

async function tenantWithUsers() {
  const tenant = await freshTenant();
  const api = tenantClient(tenant.testApiKey);
  await api.connect("anna", 2);
  await api.connect("bent", 1);
  await api.connect("carl", 1);
  await api.initiate(trade("anna", "bent", "Lamp"));
  await api.initiate(trade("bent", "anna", "Chair"));
  await api.initiate(trade("carl", "anna", "Desk"));
  await api.initiate(trade("nobody-connected", "bent", "Rug"));
  return tenant;
}

const list = (tenantId: string, query: string) => listUsers(tenantId, parseUserFilters(new URLSearchParams(query)));
const ids = (page: Awaited<ReturnType<typeof listUsers>>) => page.users.map((u) => u.marketplaceUserId);

const form = (overrides: Record<string, unknown> = {}) => ({
  mode: "test",
  businessId: CVR,
  businessLocationId: "1000000001",
  name: "Nordic Furniture ApS",
  phoneNumber: "+4512345678",
  address: { streetName: "Vestergade", houseNumber: "12", postNumber: "8000", city: "Aarhus C" },
  payoutsAccountNumber: ACCOUNT,
  ...overrides,
});

describe("the console's connected users", () => {
  it("lists the tenant's own users of the chosen mode, newest connection first, with their trade counts", async () => {
    const tenant = await tenantWithUsers();
    await tenantWithUsers(); // another tenant's users with the same ids
    const page = await list(tenant.tenantId, "");
    expect(ids(page)).toEqual(["carl", "bent", "anna"]);
    expect(page.users.map((u) => [u.marketplaceUserId, u.kycLevel, u.trades])).toEqual([
      ["carl", 1, 1],
      ["bent", 1, 3],
      ["anna", 2, 3],
    ]);
    expect(page.users[0]!.name).toBe("Sandbox User carl");
    expect(page.pagination).toEqual({ page: 1, pageSize: 25, totalCount: 3 });
    expect((await list(tenant.tenantId, "mode=live")).users).toEqual([]);
  });

  it("finds users by marketplace user id or name, filters by KYC level, and pages", async () => {
    const tenant = await tenantWithUsers();
    expect(ids(await list(tenant.tenantId, "q=bent"))).toEqual(["bent"]);
    expect(ids(await list(tenant.tenantId, "q=ANN"))).toEqual(["anna"]);
    expect(ids(await list(tenant.tenantId, "q=Sandbox User c"))).toEqual(["carl"]);
    expect(ids(await list(tenant.tenantId, "kyc=1"))).toEqual(["carl", "bent"]);
    expect(ids(await list(tenant.tenantId, "kyc=2"))).toEqual(["anna"]);
    expect(ids(await list(tenant.tenantId, "q=nobody"))).toEqual([]);
    const second = await list(tenant.tenantId, "pageSize=10&page=2");
    expect(second.users).toEqual([]);
    expect(second.pagination.totalCount).toBe(3);
    // Bad filter values fall back to their defaults rather than failing.
    expect((await list(tenant.tenantId, "kyc=7&mode=nope&page=-1")).pagination).toEqual({
      page: 1,
      pageSize: 25,
      totalCount: 3,
    });
  });

  it("shows one user's facts, masked payout accounts, and trades as buyer and as seller", async () => {
    const tenant = await tenantWithUsers();
    const user = await db.marketplaceUser.findFirstOrThrow({
      where: { tenantId: tenant.tenantId, marketplaceUserId: "anna" },
    });
    await db.payoutBankAccount.create({
      data: {
        serviceAccountId: user.serviceAccountId,
        accountNumber: "DK8930000000123456",
        kind: "iban",
        holderName: "Anna",
        bankName: "Danske Bank",
        selectedAt: new Date(),
      },
    });
    const data = (await loadUserForConsole(tenant.tenantId, "anna"))!;
    expect(data.user).toMatchObject({ marketplaceUserId: "anna", mode: "test", kycLevel: 2 });
    expect(data.tradeCounts).toEqual({ payer: 1, payee: 2 });
    expect(data.trades.map((t) => [t.title, t.role, t.counterparty, t.state])).toEqual([
      ["Desk", "payee", "carl", "Created"],
      ["Chair", "payee", "bent", "Created"],
      ["Lamp", "payer", "bent", "Created"],
    ]);
    expect(data.payoutInUse).toEqual({ masked: "•••• 6243", bankName: "Sandbox Bank" });
    expect(data.payoutAccounts).toEqual([
      expect.objectContaining({ masked: "•••• 3456", bankName: "Danske Bank", inUse: false }),
    ]);
    // Whole account numbers never leave the loader.
    const json = JSON.stringify(data, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    expect(json).not.toContain(ACCOUNT);
    expect(json).not.toContain("DK8930000000123456");

    const bent = (await loadUserForConsole(tenant.tenantId, "bent"))!;
    expect(bent.trades.find((t) => t.title === "Rug")).toMatchObject({
      counterparty: "nobody-connected",
      counterpartyConnected: false,
    });
    expect(bent.trades.find((t) => t.title === "Lamp")).toMatchObject({
      counterparty: "anna",
      counterpartyConnected: true,
    });
  });

  it("says when the address was typed by the person rather than given by the eID", async () => {
    const tenant = await tenantWithUsers();
    const anna = (await loadUserForConsole(tenant.tenantId, "anna"))!;
    expect(anna.person.addressSelfDeclared).toBe(false);
    const user = await db.marketplaceUser.findFirstOrThrow({
      where: { tenantId: tenant.tenantId, marketplaceUserId: "anna" },
    });
    await db.serviceAccount.update({
      where: { id: user.serviceAccountId },
      data: { address: "Nørregade 12", postalCode: "1165", city: "København K", addressSelfDeclared: true },
    });
    const declared = (await loadUserForConsole(tenant.tenantId, "anna"))!;
    expect(declared.person).toMatchObject({ address: "Nørregade 12, 1165 København K", addressSelfDeclared: true });
  });

  it("does not show another tenant's user, nor one of the other mode", async () => {
    const tenant = await tenantWithUsers();
    const other = await freshTenant();
    expect(await loadUserForConsole(other.tenantId, "anna")).toBeNull();
    expect(await loadUserForConsole(tenant.tenantId, "anna", "live")).toBeNull();
    expect(await loadUserForConsole(tenant.tenantId, "nobody-connected")).toBeNull();
  });
});

describe("the console's business users", () => {
  it("an admin adds, edits and deletes a business user through the API's rules", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    const admin = await staffOf(tenant.tenantId, "admin");
    const created = await consoleCreateBusinessUser(admin, form());
    expect(created).toMatchObject({ businessId: CVR, businessLocationId: "1000000001", name: "Nordic Furniture ApS" });
    expect(JSON.stringify(created)).not.toContain(ACCOUNT);

    const listed = await listBusinessUsers(admin.tenant, "test");
    expect(listed.businessUsers).toEqual([
      expect.objectContaining({
        name: "Nordic Furniture ApS",
        payoutAccount: "•••• 6243",
        whitelisted: true,
        paidOutTrades: 0,
        ongoingTrades: 0,
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(ACCOUNT);
    expect((await listBusinessUsers(admin.tenant, "live")).businessUsers).toEqual([]);

    // Editing without an account number keeps the one on file; with one, replaces it.
    await consoleEditBusinessUser(admin, CVR, "1000000001", {
      mode: "test",
      name: "Nordic Furniture A/S",
      phoneNumber: null,
      address: { city: "Aarhus" },
    });
    let row = await db.businessUser.findFirstOrThrow({ where: { tenantId: tenant.tenantId } });
    expect(row).toMatchObject({
      name: "Nordic Furniture A/S",
      phoneNumber: null,
      city: "Aarhus",
      streetName: null,
      payoutsAccountNumber: ACCOUNT,
    });
    await consoleEditBusinessUser(admin, CVR, "1000000001", {
      mode: "test",
      name: "Nordic Furniture A/S",
      phoneNumber: "+4587654321",
      address: {},
      payoutsAccountNumber: "DK8930000000123456",
    });
    row = await db.businessUser.findFirstOrThrow({ where: { tenantId: tenant.tenantId } });
    expect(row.payoutsAccountNumber).toBe("DK8930000000123456");

    expect(await consoleDeleteBusinessUser(admin, CVR, "1000000001", { mode: "test" })).toEqual({ deleted: true });
    expect(await db.businessUser.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
  });

  it("refuses a business id outside the whitelist (403, on the field) and creates nothing", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    const admin = await staffOf(tenant.tenantId, "admin");
    const refused = consoleCreateBusinessUser(admin, form({ businessId: "99999999" }));
    await expect(refused).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
      errors: [{ key: "businessId", value: "Not on your whitelist" }],
    });
    await expect(refused).rejects.toThrow(
      "The business id 99999999 is not on your whitelist, so it cannot be used. Whitelisted: 12345678.",
    );
    const empty = await freshTenant();
    await expect(consoleCreateBusinessUser(await staffOf(empty.tenantId, "admin"), form())).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await db.businessUser.count({ where: { tenantId: { in: [tenant.tenantId, empty.tenantId] } } })).toBe(0);
  });

  it("answers bad input field by field in the staff's words, and creates nothing", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    const admin = await staffOf(tenant.tenantId, "admin");
    const bad = consoleCreateBusinessUser(
      admin,
      form({
        name: "A",
        businessLocationId: "",
        phoneNumber: undefined,
        payoutsAccountNumber: "12-34",
        address: { city: "x".repeat(101) },
      }),
    );
    await expect(bad).rejects.toMatchObject({
      code: "validation-error",
      status: 400,
      errors: expect.arrayContaining([
        { key: "name", value: "Use at least 2 characters" },
        { key: "businessLocationId", value: "Required" },
        { key: "phoneNumber", value: "Required" },
        { key: "payoutsAccountNumber", value: "Use at least 14 characters" },
        { key: "address.city", value: "Use at most 100 characters" },
      ]),
    });
    await expect(consoleCreateBusinessUser(admin, form({ mode: "staging" }))).rejects.toMatchObject({
      code: "validation-error",
      errors: [expect.objectContaining({ key: "mode" })],
    });
    await expect(
      consoleCreateBusinessUser(admin, form({ payoutsAccountNumber: "DK50 0040 0440 116$" })),
    ).rejects.toMatchObject({ errors: [{ key: "payoutsAccountNumber", value: "Only letters, digits and spaces" }] });
    await expect(consoleCreateBusinessUser(admin, undefined)).rejects.toMatchObject({ code: "validation-error" });
    expect(await db.businessUser.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
  });

  it("refuses a second business user with the same business id and location", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    const admin = await staffOf(tenant.tenantId, "admin");
    await consoleCreateBusinessUser(admin, form());
    await expect(consoleCreateBusinessUser(admin, form({ name: "Someone else" }))).rejects.toMatchObject({
      code: "conflict",
      status: 409,
      errors: [{ key: "businessLocationId", value: "Already exists for this business id" }],
    });
    // The same key in live mode is another business user.
    await consoleCreateBusinessUser(admin, form({ mode: "live" }));
    expect(await db.businessUser.count({ where: { tenantId: tenant.tenantId } })).toBe(2);
  });

  it("refuses a viewer every change, and changes nothing", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    await consoleCreateBusinessUser(await staffOf(tenant.tenantId, "admin"), form());
    const viewer = await staffOf(tenant.tenantId, "viewer");
    await expect(consoleCreateBusinessUser(viewer, form({ businessLocationId: "2" }))).rejects.toBeInstanceOf(
      ConsoleForbidden,
    );
    await expect(
      consoleEditBusinessUser(viewer, CVR, "1000000001", {
        mode: "test",
        name: "Taken over",
        phoneNumber: null,
        address: {},
      }),
    ).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(consoleDeleteBusinessUser(viewer, CVR, "1000000001", { mode: "test" })).rejects.toBeInstanceOf(
      ConsoleForbidden,
    );
    const rows = await db.businessUser.findMany({ where: { tenantId: tenant.tenantId } });
    expect(rows.map((r) => r.name)).toEqual(["Nordic Furniture ApS"]);
  });

  it("answers another tenant's business user (and the other mode's) as not found", async () => {
    const owner = await freshTenant({ allowedBusinessIds: [CVR] });
    await consoleCreateBusinessUser(await staffOf(owner.tenantId, "admin"), form());
    const stranger = await staffOf((await freshTenant({ allowedBusinessIds: [CVR] })).tenantId, "admin");
    await expect(
      consoleEditBusinessUser(stranger, CVR, "1000000001", {
        mode: "test",
        name: "Taken over",
        phoneNumber: null,
        address: {},
      }),
    ).rejects.toMatchObject({ code: "not-found", status: 404 });
    await expect(consoleDeleteBusinessUser(stranger, CVR, "1000000001", { mode: "test" })).rejects.toMatchObject({
      code: "not-found",
    });
    const admin = await staffOf(owner.tenantId, "admin");
    await expect(consoleDeleteBusinessUser(admin, CVR, "1000000001", { mode: "live" })).rejects.toMatchObject({
      code: "not-found",
    });
    expect((await listBusinessUsers(stranger.tenant, "test")).businessUsers).toEqual([]);
    expect((await db.businessUser.findFirstOrThrow({ where: { tenantId: owner.tenantId } })).name).toBe(
      "Nordic Furniture ApS",
    );
  });

  it("keeps a business user whose id left the whitelist read only, and counts the trades that would pay it", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    const admin = await staffOf(tenant.tenantId, "admin");
    await consoleCreateBusinessUser(admin, form());
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller");
    await api.initiate({
      ...trade("buyer", "seller", "Sofa"),
      prioritizedPayees: [{ businessId: CVR, businessLocationId: "1000000001" }],
    });
    await api.initiate({
      ...trade("buyer", "seller", "Table"),
      prioritizedPayees: [{ businessId: CVR, businessLocationId: "other" }],
    });
    expect((await listBusinessUsers(admin.tenant, "test")).businessUsers[0]).toMatchObject({
      ongoingTrades: 1,
      paidOutTrades: 0,
    });

    const narrowed = await db.tenant.update({
      where: { id: tenant.tenantId },
      data: { allowedBusinessIds: ["87654321"] },
    });
    const later = { ...admin, tenant: narrowed };
    expect((await listBusinessUsers(narrowed, "test")).businessUsers[0]).toMatchObject({ whitelisted: false });
    await expect(
      consoleEditBusinessUser(later, CVR, "1000000001", {
        mode: "test",
        name: "Changed",
        phoneNumber: null,
        address: {},
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(consoleDeleteBusinessUser(later, CVR, "1000000001", { mode: "test" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await db.businessUser.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
  });

  it("refuses a change posted from another site before anything else (403)", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: [CVR] });
    const response = await callRoute(createRoute as Parameters<typeof callRoute>[0], {
      method: "POST",
      path: "/console/api/business-users",
      body: form(),
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({ error: "Changes come only from the console's own pages." });
    expect(await db.businessUser.count({ where: { tenantId: tenant.tenantId } })).toBe(0);
  });
});
