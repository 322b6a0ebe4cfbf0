// The console's sign-in check: the right password of an active staff user signs in; anything else
// answers the same "invalid"; failed attempts are limited per email address and per client, in
// the database, and a success clears the address's count.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeStaff } from "../../lib/console/auth/authorize-staff.ts";
import { FAILURES_PER_EMAIL } from "../../lib/console/auth/sign-in-limits.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const client = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;

describe("console sign-in", () => {
  it("signs in an active staff user with the right password, whatever the case of the email", async () => {
    const tenant = await freshTenant();
    const result = await authorizeStaff(tenant.consoleEmail.toUpperCase(), tenant.consolePassword, client());
    expect(result).toMatchObject({ ok: true, staff: { email: tenant.consoleEmail, tenantId: tenant.tenantId, role: "admin" } });
    const staff = await db.staffUser.findUniqueOrThrow({ where: { email: tenant.consoleEmail } });
    expect(staff.lastSignInAt).not.toBeNull();
  });

  it("answers a wrong password, an unknown email and a disabled user alike", async () => {
    const tenant = await freshTenant();
    expect(await authorizeStaff(tenant.consoleEmail, "wrong password", client())).toEqual({ ok: false, reason: "invalid" });
    expect(await authorizeStaff(`nobody-${randomUUID()}@example.com`, tenant.consolePassword, client())).toEqual({ ok: false, reason: "invalid" });
    await db.staffUser.update({ where: { email: tenant.consoleEmail }, data: { disabledAt: new Date() } });
    expect(await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, client())).toEqual({ ok: false, reason: "invalid" });
  });

  it(`locks an email address after ${FAILURES_PER_EMAIL} failures, even for the right password, and leaves others alone`, async () => {
    const tenant = await freshTenant();
    const viewer = await addStaff(db, { tenantId: tenant.tenantId, email: `viewer-${randomUUID()}@example.com`, role: "viewer" });
    for (let attempt = 0; attempt < FAILURES_PER_EMAIL; attempt++) {
      expect((await authorizeStaff(tenant.consoleEmail, `guess ${attempt}`, client())).ok).toBe(false);
    }
    const locked = await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, client());
    expect(locked).toMatchObject({ ok: false, reason: "rate-limited", retryAfterSeconds: expect.any(Number) });
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(await authorizeStaff(viewer.email, viewer.password, client())).toMatchObject({ ok: true, staff: { role: "viewer" } });
  });

  it("counts concurrent failures all (the limit holds under a burst)", async () => {
    const tenant = await freshTenant();
    const from = client();
    await Promise.all(Array.from({ length: FAILURES_PER_EMAIL + 5 }, (_, i) => authorizeStaff(tenant.consoleEmail, `burst ${i}`, from)));
    expect(await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, client())).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  it("clears an address's failures when it signs in", async () => {
    const tenant = await freshTenant();
    for (let attempt = 0; attempt < FAILURES_PER_EMAIL - 1; attempt++) await authorizeStaff(tenant.consoleEmail, "nope", client());
    expect((await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, client())).ok).toBe(true);
    expect(await authorizeStaff(tenant.consoleEmail, "nope again", client())).toEqual({ ok: false, reason: "invalid" });
    expect((await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, client())).ok).toBe(true);
  });
});
