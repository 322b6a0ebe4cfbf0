// Idempotency-Key on POST (decisions.md §2), including many identical requests at once.
import { describe, expect, it } from "vitest";
import { POST as sandboxConnect } from "../../app/api/v1/sandbox/users/[marketplaceUserId]/connect/route.ts";
import { callRoute, expectErrorRecord } from "../helpers/call-route.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

function connect(token: string, user: string, body: unknown, key: string) {
  return callRoute(sandboxConnect, {
    method: "POST",
    path: `/api/v1/sandbox/users/${user}/connect`,
    params: { marketplaceUserId: user },
    token,
    body,
    headers: { "Idempotency-Key": key },
  });
}

describe("Idempotency-Key", () => {
  it("replays the first response for the same request, and refuses the key for another", async () => {
    const tenant = await freshTenant();
    const first = await connect(tenant.testApiKey, "u1", { kycLevel: 1 }, "key-1");
    const again = await connect(tenant.testApiKey, "u1", { kycLevel: 1 }, "key-1");
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.outboxEvent.count({ where: { tenantId: tenant.tenantId } })).toBe(1);

    expectErrorRecord(
      await connect(tenant.testApiKey, "u1", { kycLevel: 2 }, "key-1"),
      422,
      "idempotency-key-mismatch",
    );
    expectErrorRecord(
      await connect(tenant.testApiKey, "u2", { kycLevel: 1 }, "key-1"),
      422,
      "idempotency-key-mismatch",
    );
  });

  it("keeps keys per tenant", async () => {
    const a = await freshTenant();
    const b = await freshTenant();
    expect((await connect(a.testApiKey, "u1", { kycLevel: 1 }, "same")).status).toBe(200);
    const other = await connect(b.testApiKey, "u1", { kycLevel: 1 }, "same");
    expect(other.status).toBe(200);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
  });

  it("does not store a validation failure: the corrected request can use the key", async () => {
    const tenant = await freshTenant();
    expectErrorRecord(await connect(tenant.testApiKey, "u1", { kycLevel: 9 }, "key-v"), 400, "validation-error");
    expect((await connect(tenant.testApiKey, "u1", { kycLevel: 1 }, "key-v")).status).toBe(200);
  });

  it("runs the effect once when 25 identical requests arrive together", async () => {
    const tenant = await freshTenant();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => connect(tenant.testApiKey, "racer", { kycLevel: 1 }, "race-key")),
    );
    const ok = results.filter((r) => r.status === 200);
    const busy = results.filter((r) => r.status === 409);
    expect(ok.length + busy.length).toBe(25);
    for (const r of busy) expectErrorRecord(r, 409, "idempotency-in-progress");
    expect(new Set(ok.map((r) => r.json.serviceAccountId)).size).toBe(1);
    expect(await db.outboxEvent.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
    expect(await db.marketplaceUser.count({ where: { tenantId: tenant.tenantId } })).toBe(1);
  });
});
