// Business users: whitelist, create, get, edit, delete, conflicts, isolation.
import { describe, expect, it } from "vitest";
import { POST as create } from "../../app/api/v1/marketplace/business-users/route.ts";
import {
  DELETE as remove,
  GET as get,
  PUT as edit,
} from "../../app/api/v1/marketplace/business-users/[businessId]/[businessLocationId]/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const record = {
  businessId: "12345678",
  businessLocationId: "1000000001",
  name: "Bike Shop ApS",
  phoneNumber: "+4512345678",
  address: { streetName: "Gade", houseNumber: "1", city: "Aarhus", postNumber: "8000" },
  payoutsAccountNumber: "DK5000400440116243",
};

function client(token: string) {
  const params = (b = record.businessId, l = record.businessLocationId) => ({ businessId: b, businessLocationId: l });
  const path = (b: string, l: string) => `/api/v1/marketplace/business-users/${b}/${l}`;
  return {
    create: (body: unknown) =>
      callRoute(create, { method: "POST", path: "/api/v1/marketplace/business-users", token, body }),
    get: (b?: string, l?: string) =>
      callRoute(get, {
        path: path(b ?? record.businessId, l ?? record.businessLocationId),
        params: params(b, l),
        token,
      }),
    edit: (body: unknown, b?: string) =>
      callRoute(edit, {
        method: "PUT",
        path: path(b ?? record.businessId, record.businessLocationId),
        params: params(b),
        token,
        body,
      }),
    remove: (b?: string) =>
      callRoute(remove, {
        method: "DELETE",
        path: path(b ?? record.businessId, record.businessLocationId),
        params: params(b),
        token,
      }),
  };
}

describe("business users", () => {
  it("create → get → edit → delete, userId only in the create response", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const api = client(tenant.testApiKey);
    const created = await api.create(record);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      businessId: "12345678",
      businessLocationId: "1000000001",
      userId: expect.any(String),
      serviceUserId: expect.any(String),
      bankAccount: { accountNumber: "DK5000400440116243", name: "Bike Shop ApS" },
      address: record.address,
    });
    const fetched = await api.get();
    expect(fetched.json).toEqual({ ...created.json, userId: undefined } as unknown as Record<string, unknown>);
    expect("userId" in fetched.json).toBe(false);

    const edited = await api.edit({
      name: "Bike Shop A/S",
      phoneNumber: null,
      address: { city: "Odense" },
      payoutsAccountNumber: "DK9520000123456789",
    });
    expect(edited.json).toMatchObject({
      name: "Bike Shop A/S",
      phoneNumber: null,
      address: { city: "Odense" },
      bankAccount: { accountNumber: "DK9520000123456789" },
    });

    const deleted = await api.remove();
    expect(deleted.status).toBe(204);
    expect(deleted.json).toBeNull();
    expectErrorRecord(await api.get(), 404, "not-found");
    expectErrorRecord(await api.remove(), 404, "not-found");
  });

  it("refuses business ids outside the whitelist with 403, and a second creation with 409", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const api = client(tenant.testApiKey);
    expectErrorRecord(await api.create({ ...record, businessId: "99999999" }), 403, "forbidden");
    expectErrorRecord(await api.get("99999999"), 403, "forbidden");
    expect((await api.create(record)).status).toBe(200);
    expectErrorRecord(await api.create(record), 409, "conflict");
    expect(await db.businessUser.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
  });

  it("validates every field of spec 8", async () => {
    const tenant = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const bad = expectErrorRecord(
      await client(tenant.testApiKey).create({
        ...record,
        name: "X",
        payoutsAccountNumber: "123",
        phoneNumber: "",
        address: { city: 5 },
      }),
      400,
      "validation-error",
    );
    expect(bad.errors.map((e) => e.key).sort()).toEqual([
      "address.city",
      "name",
      "payoutsAccountNumber",
      "phoneNumber",
    ]);
  });

  it("keeps each tenant's business users to itself", async () => {
    const owner = await freshTenant({ allowedBusinessIds: ["12345678"] });
    const other = await freshTenant({ allowedBusinessIds: ["12345678"] });
    await client(owner.testApiKey).create(record);
    expectErrorRecord(await client(other.testApiKey).get(), 404, "not-found");
    expectErrorRecord(await client(other.testApiKey).remove(), 404, "not-found");
    expectErrorRecord(await client(owner.liveApiKey).get(), 404, "not-found");
    expect((await client(owner.testApiKey).get()).status).toBe(200);
  });
});
