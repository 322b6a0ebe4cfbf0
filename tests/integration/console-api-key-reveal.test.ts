// Showing a sandbox API key again (issue 33): an admin may show an active test key again, as other
// payment sandboxes allow; a live key is never kept (only its hash) and never shown again. The kept
// copy is sealed under the data keys, bound to its tenant and row; viewers, other tenants and
// revoked keys get nothing; each showing is recorded on the key. Through the real route handler
// with a real session cookie.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import { spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as revealRoute } from "../../app/(console)/console/api/developers/api-keys/[tokenId]/reveal/route.ts";
import { hashApiToken } from "../../lib/auth/api-tokens.ts";
import { createApiToken, listApiTokens, revokeApiToken } from "../../lib/console/developers/manage-api-keys.ts";
import { dataKeys } from "../../lib/crypto/data-keys.ts";
import { isSealed, sealedWith } from "../../lib/crypto/secret-box.ts";
import { sealSandboxToken } from "../../lib/tenants/api-token-rows.ts";
import { rotateToken } from "../../lib/tenants/manage-tokens.ts";
import { resealSandboxTokens } from "../../lib/tenants/reseal-sandbox-tokens.ts";
import { callConsole } from "../helpers/console-request.ts";
import { contextOf, staffOf } from "../helpers/staff-context.ts";
import { tenantClient } from "../helpers/tenant-client.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

async function adminOf(tenant: Awaited<ReturnType<typeof freshTenant>>) {
  const owner = await db.staffUser.findUniqueOrThrow({
    where: { tenantId_email: { tenantId: tenant.tenantId, email: tenant.consoleEmail } },
  });
  return contextOf(owner.id);
}

const tokenRow = (tenantId: string, mode: "test" | "live") =>
  db.apiToken.findFirstOrThrow({ where: { tenantId, mode, revokedAt: null }, orderBy: { createdAt: "asc" } });

const reveal = (staffId: string, tokenId: string) =>
  callConsole(revealRoute, {
    method: "POST",
    path: `/console/api/developers/api-keys/${tokenId}/reveal`,
    staffId,
    params: { tokenId },
  });

describe("showing a sandbox API key again", () => {
  it("an admin sees the tenant's test key again, the same key that works; it is kept only sealed, and the showing is recorded", async () => {
    const tenant = await freshTenant();
    const admin = await adminOf(tenant);
    const row = await tokenRow(tenant.tenantId, "test");
    expect(isSealed(row.sealedToken!)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(tenant.testApiKey);

    const shown = await reveal(admin.staff.id, row.id);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({ tokenId: row.id, token: tenant.testApiKey, prefix: row.prefix });
    expect((await tenantClient(shown.json.token).connect("seller-1")).status).toBe(200);

    const listed = (await listApiTokens(tenant.tenantId)).find((t) => t.tokenId === row.id)!;
    expect(listed).toMatchObject({ revealable: true, revealed: { by: tenant.consoleEmail } });
    expect(JSON.stringify(await listApiTokens(tenant.tenantId))).not.toContain(tenant.testApiKey);

    // A key made in the console is kept the same way.
    const created = await createApiToken(admin, { name: "Checkout backend", mode: "test" });
    expect((await reveal(admin.staff.id, created.tokenId)).json.token).toBe(created.token);
  });

  it("never keeps or shows a live key: 403, nothing recorded, and the database refuses a kept copy", async () => {
    const tenant = await freshTenant();
    const admin = await adminOf(tenant);
    const created = await createApiToken(admin, { name: "Live backend", mode: "live" });
    const live = await tokenRow(tenant.tenantId, "live");
    for (const tokenId of [live.id, created.tokenId]) {
      const row = await db.apiToken.findUniqueOrThrow({ where: { id: tokenId } });
      expect(row.sealedToken).toBeNull();
      const refused = await reveal(admin.staff.id, tokenId);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.json)).not.toMatch(/esk_live_/);
      expect(await db.apiToken.findUniqueOrThrow({ where: { id: tokenId } })).toEqual(row);
    }
    expect((await listApiTokens(tenant.tenantId)).filter((t) => t.mode === "live").map((t) => t.revealable)).toEqual([
      false,
      false,
    ]);
    await expect(
      db.apiToken.update({
        where: { id: live.id },
        data: { sealedToken: sealSandboxToken(tenant.liveApiKey, tenant.tenantId, live.id) },
      }),
    ).rejects.toThrow();
  });

  it("refuses a viewer (403) and another tenant's admin (404), and records nothing", async () => {
    const tenant = await freshTenant();
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const stranger = await adminOf(await freshTenant());
    const row = await tokenRow(tenant.tenantId, "test");

    const asViewer = await reveal(viewer.staff.id, row.id);
    expect(asViewer.status).toBe(403);
    const asStranger = await reveal(stranger.staff.id, row.id);
    expect(asStranger.status).toBe(404);
    expect(JSON.stringify([asViewer.json, asStranger.json])).not.toContain(tenant.testApiKey);
    expect((await reveal(stranger.staff.id, randomUUID())).status).toBe(404);
    expect(await db.apiToken.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it("a revoked or rotated key is not kept and not shown; its successor is", async () => {
    const tenant = await freshTenant();
    const admin = await adminOf(tenant);
    const created = await createApiToken(admin, { name: "Old", mode: "test" });
    await revokeApiToken(admin, created.tokenId);
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: created.tokenId } })).sealedToken).toBeNull();
    expect((await reveal(admin.staff.id, created.tokenId)).status).toBe(409);

    const old = await tokenRow(tenant.tenantId, "test");
    const rotated = await rotateToken(db, tenant.tenantId, "test");
    expect((await db.apiToken.findUniqueOrThrow({ where: { id: old.id } })).sealedToken).toBeNull();
    expect((await reveal(admin.staff.id, old.id)).status).toBe(409);
    expect((await reveal(admin.staff.id, rotated.tokenId)).json.token).toBe(rotated.apiKey);
  });

  it("a kept copy opens only in its own row, and a plain value in the column is never shown", async () => {
    const tenant = await freshTenant();
    const admin = await adminOf(tenant);
    const first = await tokenRow(tenant.tenantId, "test");
    const second = await createApiToken(admin, { name: "Second", mode: "test" });
    // Someone with write access copies the first key's sealed copy into the second key's row.
    await db.apiToken.update({ where: { id: second.tokenId }, data: { sealedToken: first.sealedToken } });
    const moved = await reveal(admin.staff.id, second.tokenId);
    expect(moved.status).toBe(409);
    expect(JSON.stringify(moved.json)).not.toContain(tenant.testApiKey);
    // …or writes a token in the clear.
    await db.apiToken.update({ where: { id: second.tokenId }, data: { sealedToken: tenant.testApiKey } });
    expect((await reveal(admin.staff.id, second.tokenId)).status).toBe(409);
    expect(hashApiToken(tenant.testApiKey)).toBe(first.tokenHash);
  });

  it("the start re-seals kept keys under a new data key, and reports one it cannot open", async () => {
    const tenant = await freshTenant();
    const admin = await adminOf(tenant);
    const current = process.env.DATA_ENCRYPTION_KEYS!;
    const lost = `lost-${randomUUID().slice(0, 8)}:${randomBytes(32).toString("base64url")}`;
    const fresh = `new-${randomUUID().slice(0, 8)}:${randomBytes(32).toString("base64url")}`;
    const kept = await tokenRow(tenant.tenantId, "test");
    process.env.DATA_ENCRYPTION_KEYS = `${lost},${current}`;
    const unreadable = await createApiToken(admin, { name: "Sealed with a key that goes", mode: "test" });
    try {
      process.env.DATA_ENCRYPTION_KEYS = `${fresh},${current}`;
      const result = await resealSandboxTokens(db);
      expect(result.unreadable).toContainEqual({
        tokenId: unreadable.tokenId,
        reason: expect.stringContaining("does not list"),
      });
      const row = await db.apiToken.findUniqueOrThrow({ where: { id: kept.id } });
      expect(sealedWith(row.sealedToken!)).toBe(dataKeys().current);
      expect(sealedWith(row.sealedToken!)).toBe(fresh.split(":")[0]);
      expect((await reveal(admin.staff.id, kept.id)).json.token).toBe(tenant.testApiKey);
      // The key that cannot be opened still works for API calls (only its hash is used there).
      expect((await reveal(admin.staff.id, unreadable.tokenId)).status).toBe(409);
      expect((await tenantClient(unreadable.token).connect("seller-1")).status).toBe(200);
      expect((await resealSandboxTokens(db)).resealed).toBe(0);
    } finally {
      process.env.DATA_ENCRYPTION_KEYS = current;
      // Leave no unreadable row behind for other test files' starts.
      await db.apiToken.update({ where: { id: unreadable.tokenId }, data: { sealedToken: null } });
    }
  });

  it("the CLI does not issue tokens on a real database without the servers' data keys", () => {
    // Nothing listens on port 1: the CLI must stop before it would connect.
    for (const command of [
      ["tenant", "create", "--name", "Keyless"],
      ["token", "rotate", "--tenant", "t", "--mode", "test"],
    ]) {
      const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...command], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:1/escrow", DATA_ENCRYPTION_KEYS: "" },
      });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain("needs DATA_ENCRYPTION_KEYS");
    }
  });
});
