// The console's Developers section: API keys (created by admins and shown once, revoked at once,
// listed by prefix only) and the request log (every v1 call of the tenant, filtered, paged by
// cursor, never another tenant's).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashApiToken } from "../../lib/auth/api-tokens.ts";
import { ConsoleForbidden, type StaffContext } from "../../lib/console/auth/staff-session.ts";
import { consoleBody } from "../../lib/console/console-route.ts";
import {
  CreateTokenInput,
  createApiToken,
  listApiTokens,
  MAX_ACTIVE_TOKENS,
  revokeApiToken,
} from "../../lib/console/developers/manage-api-keys.ts";
import { listRequestLog, loadRequestLogEntry } from "../../lib/console/developers/list-request-log.ts";
import { parseRequestLogFilters } from "../../lib/console/developers/request-log-filters.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { expectErrorRecord } from "../helpers/call-route.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

async function staffOf(tenantId: string, role: "admin" | "viewer"): Promise<StaffContext> {
  const added = await addStaff(db, { tenantId, email: `${role}-${randomUUID()}@example.com`, role });
  const staff = await db.staffUser.findUniqueOrThrow({ where: { id: added.staffId }, include: { tenant: true } });
  const { tenant, ...rest } = staff;
  return { staff: rest, tenant, isAdmin: role === "admin" };
}

/** The log is written after the response, off the call's path: wait for it. */
async function logSettles(tenantId: string, count: number) {
  await expect.poll(() => db.apiRequestLog.count({ where: { tenantId } }), { timeout: 5_000 }).toBe(count);
}

const log = (tenantId: string, query: string) =>
  listRequestLog(tenantId, parseRequestLogFilters(new URLSearchParams(query)));

describe("API keys in the console", () => {
  it("an admin creates a key: the token is shown once, only its hash is stored, and it works at once", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    const created = await createApiToken(admin, { name: "Checkout backend", mode: "test" });
    expect(created.token).toMatch(/^esk_test_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(`${created.token.slice(0, 13)}…`);
    expect(created).toMatchObject({ name: "Checkout backend", mode: "test", revokedAt: null, lastUsedAt: null });

    const stored = await db.apiToken.findUniqueOrThrow({ where: { id: created.tokenId } });
    expect(stored.tokenHash).toBe(hashApiToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const listed = await listApiTokens(tenant.tenantId);
    expect(listed[0]!.name).toBe("Checkout backend");
    expect(listed.map((t) => t.name).sort()).toEqual(["Checkout backend", "Default live token", "Default test token"]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    expect((await tenantClient(created.token).connect("seller-1")).status).toBe(200);
    await expect
      .poll(async () => (await db.apiToken.findUniqueOrThrow({ where: { id: created.tokenId } })).lastUsedAt)
      .not.toBeNull();
  });

  it("revoking a key makes its next call a 401; the tenant's other keys keep working", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    const created = await createApiToken(admin, { name: "Old integration", mode: "test" });
    const api = tenantClient(created.token);
    expect((await api.connect("seller-1")).status).toBe(200);

    const revoked = await revokeApiToken(admin, created.tokenId);
    expect(revoked.revokedAt).not.toBeNull();
    expectErrorRecord(await api.connect("seller-1"), 401, "unauthorized");
    expect((await tenantClient(tenant.testApiKey).connect("seller-1")).status).toBe(200);
    // Revoking again changes nothing; the list shows it last, as revoked.
    expect((await revokeApiToken(admin, created.tokenId)).revokedAt).toBe(revoked.revokedAt);
    expect((await listApiTokens(tenant.tenantId)).at(-1)).toMatchObject({
      tokenId: created.tokenId,
      revokedAt: revoked.revokedAt,
    });
  });

  it("refuses a viewer every change, and changes nothing", async () => {
    const tenant = await freshTenant();
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const before = await listApiTokens(tenant.tenantId);
    await expect(createApiToken(viewer, { name: "Sneaky", mode: "live" })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(revokeApiToken(viewer, before[0]!.tokenId)).rejects.toBeInstanceOf(ConsoleForbidden);
    expect(await listApiTokens(tenant.tenantId)).toEqual(before);
    expect((await tenantClient(tenant.testApiKey).connect("seller-1")).status).toBe(200);
  });

  it("answers another tenant's key as not found, and leaves it working", async () => {
    const victim = await freshTenant();
    const stranger = await staffOf((await freshTenant()).tenantId, "admin");
    const [token] = await listApiTokens(victim.tenantId);
    await expect(revokeApiToken(stranger, token!.tokenId)).rejects.toMatchObject({ code: "not-found" });
    await expect(revokeApiToken(stranger, "not-a-token-id")).rejects.toMatchObject({ code: "not-found" });
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: token!.tokenId } })).revokedAt).toBeNull();
    expect((await tenantClient(victim.testApiKey).connect("seller-1")).status).toBe(200);
  });

  it("bad input is a clear 400 naming the field, and no key is made; too many active keys is a 409", async () => {
    const tenant = await freshTenant();
    const admin = await staffOf(tenant.tenantId, "admin");
    const post = (body: unknown) =>
      consoleBody(
        new Request("https://escrow.test/x", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        CreateTokenInput,
      );
    await expect(post({ name: "  ", mode: "test" })).rejects.toMatchObject({
      code: "validation-error",
      message: "name: Give the key a name.",
    });
    await expect(post({ name: "Ok", mode: "prod" })).rejects.toMatchObject({
      code: "validation-error",
      message: expect.stringMatching(/^mode: /),
    });
    await expect(post({ name: "Ok", mode: "test", tokenHash: "x" })).rejects.toMatchObject({
      code: "validation-error",
    });
    expect(await post({ name: "  Trimmed  ", mode: "live" })).toEqual({ name: "Trimmed", mode: "live" });
    expect(await db.apiToken.count({ where: { tenantId: tenant.tenantId } })).toBe(2);

    for (let i = 2; i < MAX_ACTIVE_TOKENS; i++) await createApiToken(admin, { name: `Key ${i}`, mode: "test" });
    await expect(createApiToken(admin, { name: "One too many", mode: "test" })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await db.apiToken.count({ where: { tenantId: tenant.tenantId } })).toBe(MAX_ACTIVE_TOKENS);
  });
});

describe("the request log", () => {
  it("records each call of the tenant (no token, no body), newest first, and filters by status, method, path and correlation id", async () => {
    const tenant = await freshTenant();
    const other = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    await api.connect("seller-1");
    const missing = randomUUID();
    expect((await api.trade("seller-1", missing)).status).toBe(404);
    const bad = await api.initiate({ title: "" });
    expect(bad.status).toBe(400);
    await tenantClient(tenant.liveApiKey).trade("seller-1", missing);
    await tenantClient(other.testApiKey).connect("seller-9");
    await logSettles(tenant.tenantId, 4);
    await logSettles(other.tenantId, 1);

    const all = await log(tenant.tenantId, "");
    expect(all.entries.map((e) => `${e.method} ${e.status}`)).toEqual(["POST 400", "GET 404", "POST 200"]);
    expect(all).toMatchObject({ newerCursor: null, olderCursor: null });
    const [initiate, notFound] = all.entries;
    expect(initiate).toMatchObject({
      path: "/api/v1/marketplace/trades/initiate",
      typeCode: "validation-error",
      correlationId: bad.json.traceId,
      mode: "test",
      token: { name: "Default test token", prefix: tenant.testApiKey.slice(0, 13) + "…", revoked: false },
    });
    expect(notFound).toMatchObject({
      path: `/api/v1/marketplace/users/seller-1/trades/${missing}`,
      typeCode: "not-found",
    });
    expect(all.entries[2]!.typeCode).toBeNull();
    expect(all.entries.every((e) => e.durationMs >= 0)).toBe(true);
    expect(JSON.stringify(all)).not.toContain(tenant.testApiKey);

    expect((await log(tenant.tenantId, "status=4xx")).entries.map((e) => e.status)).toEqual([400, 404]);
    expect((await log(tenant.tenantId, "status=2xx")).entries.map((e) => e.status)).toEqual([200]);
    expect((await log(tenant.tenantId, "status=5xx")).entries).toEqual([]);
    expect((await log(tenant.tenantId, "method=GET")).entries.map((e) => e.status)).toEqual([404]);
    expect((await log(tenant.tenantId, "path=SANDBOX/users")).entries.map((e) => e.status)).toEqual([200]);
    expect((await log(tenant.tenantId, `correlationId=${bad.json.traceId}`)).entries.map((e) => e.entryId)).toEqual([
      initiate!.entryId,
    ]);
    expect(
      (await log(tenant.tenantId, "mode=live")).entries.map((e) => `${e.method} ${e.status} ${e.token?.name}`),
    ).toEqual(["GET 404 Default live token"]);
    // Nonsense filters fall back to their defaults rather than failing.
    expect((await log(tenant.tenantId, "status=3xx&method=TRACE&mode=prod&older=x")).entries).toHaveLength(3);

    // Scoped to the tenant: the other tenant's call is not in it, nor reachable by id.
    const foreign = (await log(other.tenantId, "")).entries[0]!;
    expect((await log(tenant.tenantId, `correlationId=${foreign.correlationId}`)).entries).toEqual([]);
    expect(await loadRequestLogEntry(tenant.tenantId, foreign.entryId)).toBeNull();
    expect(await loadRequestLogEntry(other.tenantId, foreign.entryId)).toEqual(foreign);
    expect(await loadRequestLogEntry(tenant.tenantId, "99999999999999999999")).toBeNull();
  });

  it("pages by cursor: older and newer pages, stable while new calls arrive", async () => {
    const tenant = await freshTenant();
    const api = tenantClient(tenant.testApiKey);
    for (let i = 0; i < 23; i++) await api.connect(`seller-${String(i).padStart(2, "0")}`);
    await logSettles(tenant.tenantId, 23);
    const who = (page: Awaited<ReturnType<typeof log>>) => page.entries.map((e) => e.path.split("/")[5]);

    const first = await log(tenant.tenantId, "pageSize=10");
    expect(who(first)).toEqual(Array.from({ length: 10 }, (_, i) => `seller-${22 - i}`));
    expect(first.newerCursor).toBeNull();
    const second = await log(tenant.tenantId, `pageSize=10&older=${first.olderCursor}`);
    expect(who(second)[0]).toBe("seller-12");
    await api.connect("seller-new"); // arrives meanwhile: the next page does not shift
    await logSettles(tenant.tenantId, 24);
    const third = await log(tenant.tenantId, `pageSize=10&older=${second.olderCursor}`);
    expect(who(third)).toEqual(["seller-02", "seller-01", "seller-00"]);
    expect(third.olderCursor).toBeNull();

    const back = await log(tenant.tenantId, `pageSize=10&newer=${third.newerCursor}`);
    expect(who(back)).toEqual(who(second));
    expect(back.olderCursor).toBe(second.olderCursor);
    // The page just newer than the second is the old first page; newer still is the top, full,
    // which now starts with the new call.
    const previous = await log(tenant.tenantId, `pageSize=10&newer=${back.newerCursor}`);
    expect(who(previous)).toEqual(who(first));
    expect(previous.newerCursor).not.toBeNull();
    const top = await log(tenant.tenantId, `pageSize=10&newer=${previous.newerCursor}`);
    expect(who(top)).toEqual(["seller-new", ...who(first).slice(0, 9)]);
    expect(top.newerCursor).toBeNull();
  });
});
