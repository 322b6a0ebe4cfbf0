// The console's sign-in check: the right password of an active staff user signs in; anything else
// answers the same "invalid". Failed attempts stop one client guessing (per login and client, and
// per client), and slow unknown browsers down on a login under attack — but never lock the member
// out of a browser they signed in from before (security finding 4: ten wrong passwords from
// anywhere used to lock any admin out for 15 minutes, right password or not). An address may have
// a login in several tenants; the password decides which, and the member chooses between them
// (finding 5); each login keeps its own limits (second probe, finding 2: more in
// console-sign-in-tenants.test.ts).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { authorizeStaff } from "../../lib/console/auth/authorize-staff.ts";
import {
  delaySecondsAfter,
  FAILURES_PER_PAIR,
  FREE_FAILURES_PER_EMAIL,
  MAX_DELAY_SECONDS,
} from "../../lib/console/auth/sign-in-limits.ts";
import { liftMemberSignInThrottle } from "../../lib/console/team/lift-sign-in-throttle.ts";
import { listTeam } from "../../lib/console/team/list-team.ts";
import { hashPassword } from "../../lib/auth/passwords.ts";
import { addStaff } from "../../lib/tenants/add-staff.ts";
import { contextOf, staffOf } from "../helpers/staff-context.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const client = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
const from = (address = client()) => ({ client: address });
const owner = (tenant: { tenantId: string; consoleEmail: string }) =>
  db.staffUser.findUniqueOrThrow({
    where: { tenantId_email: { tenantId: tenant.tenantId, email: tenant.consoleEmail } },
  });

describe("console sign-in", () => {
  it("signs in an active staff user with the right password, whatever the case of the email", async () => {
    const tenant = await freshTenant();
    const result = await authorizeStaff(tenant.consoleEmail.toUpperCase(), tenant.consolePassword, from());
    expect(result).toMatchObject({
      ok: true,
      staff: { email: tenant.consoleEmail, tenantId: tenant.tenantId, role: "admin" },
    });
    expect((await owner(tenant)).lastSignInAt).not.toBeNull();
  });

  it("answers a wrong password, an unknown email and a disabled user alike", async () => {
    const tenant = await freshTenant();
    expect(await authorizeStaff(tenant.consoleEmail, "wrong password", from())).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await authorizeStaff(`nobody-${randomUUID()}@example.com`, tenant.consolePassword, from())).toEqual({
      ok: false,
      reason: "invalid",
    });
    await db.staffUser.update({ where: { id: (await owner(tenant)).id }, data: { disabledAt: new Date() } });
    expect(await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, from())).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("never locks the member out of a browser they signed in from, however many wrong passwords come from elsewhere", async () => {
    const tenant = await freshTenant();
    const member = await owner(tenant);
    // The attacker rotates addresses: each a new client, all on the member's address.
    for (let attempt = 0; attempt < 30; attempt++)
      await authorizeStaff(tenant.consoleEmail, `guess ${attempt}`, from());
    const knownBrowser = { client: client(), knownStaffIds: [member.id] };
    expect(await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, knownBrowser)).toMatchObject({
      ok: true,
      staff: { id: member.id },
    });
    // A browser the member never used waits a bounded, growing delay — slowed, never locked for long.
    const unknown = await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, from());
    expect(unknown).toMatchObject({ ok: false, reason: "rate-limited" });
    expect((unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    expect([FREE_FAILURES_PER_EMAIL, 6, 7, 8, 9, 20].map(delaySecondsAfter)).toEqual([2, 4, 8, 16, 32, 60]);
    expect(delaySecondsAfter(FREE_FAILURES_PER_EMAIL - 1)).toBe(0);
  });

  it(`stops one client after ${FAILURES_PER_PAIR} failures on one address, and leaves the member's own browser and other addresses alone`, async () => {
    const tenant = await freshTenant();
    const member = await owner(tenant);
    const viewer = await addStaff(db, {
      tenantId: tenant.tenantId,
      email: `viewer-${randomUUID()}@example.com`,
      role: "viewer",
    });
    const attacker = client();
    // Concurrent failures all count (the limit holds under a burst).
    await Promise.all(
      Array.from({ length: FAILURES_PER_PAIR + 3 }, (_, i) =>
        authorizeStaff(tenant.consoleEmail, `burst ${i}`, { client: attacker, knownStaffIds: [member.id] }),
      ),
    );
    expect(
      await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, {
        client: attacker,
        knownStaffIds: [member.id],
      }),
    ).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(
      await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, {
        client: client(),
        knownStaffIds: [member.id],
      }),
    ).toMatchObject({ ok: true });
    expect(await authorizeStaff(viewer.email, viewer.password, from(attacker))).toMatchObject({
      ok: true,
      staff: { role: "viewer" },
    });
  });

  it("shows an admin the throttle on a member's address, and lifting it lets a new browser in at once", async () => {
    const tenant = await freshTenant();
    const admin = await contextOf((await owner(tenant)).id);
    const member = await staffOf(tenant.tenantId, "viewer");
    await db.staffUser.update({
      where: { id: member.staff.id },
      data: { passwordHash: await hashPassword("the member's password") },
    });
    for (let attempt = 0; attempt < FREE_FAILURES_PER_EMAIL + 2; attempt++)
      await authorizeStaff(member.staff.email, `guess ${attempt}`, from());
    const listed = (await listTeam(admin)).find((m) => m.id === member.staff.id)!;
    // Attempts made while slowed are refused before the password is checked, and do not count.
    expect(listed.signInThrottle).toMatchObject({ failures: FREE_FAILURES_PER_EMAIL, slowedUntil: expect.any(String) });
    expect(await authorizeStaff(member.staff.email, "the member's password", from())).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });

    await expect(liftMemberSignInThrottle(member, member.staff.id)).rejects.toThrow(/look, not change/);
    expect(await liftMemberSignInThrottle(admin, member.staff.id)).toEqual({
      staffId: member.staff.id,
      signInThrottleLifted: true,
    });
    expect((await listTeam(admin)).find((m) => m.id === member.staff.id)!.signInThrottle).toBeNull();
    expect(await authorizeStaff(member.staff.email, "the member's password", from())).toMatchObject({ ok: true });
    // Another tenant's admin cannot lift it (404, like an unknown member).
    const stranger = await contextOf((await owner(await freshTenant())).id);
    await expect(liftMemberSignInThrottle(stranger, member.staff.id)).rejects.toMatchObject({ code: "not-found" });
  });

  it("clears a client's failures on the address when it signs in", async () => {
    const tenant = await freshTenant();
    const mine = client();
    for (let attempt = 0; attempt < FAILURES_PER_PAIR - 1; attempt++)
      await authorizeStaff(tenant.consoleEmail, "nope", { client: mine, knownStaffIds: [(await owner(tenant)).id] });
    expect((await authorizeStaff(tenant.consoleEmail, tenant.consolePassword, from(mine))).ok).toBe(true);
    expect(await authorizeStaff(tenant.consoleEmail, "nope again", from(mine))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("one address with logins in several tenants", () => {
  it("asks which marketplace when the password opens several, and lists only those", async () => {
    const email = `shared-${randomUUID()}@example.com`;
    const [first, second, third] = [
      await freshTenant({ name: "Alpha Market" }),
      await freshTenant({ name: "Beta Market" }),
      await freshTenant({ name: "Gamma Market" }),
    ];
    const password = "one password for two marketplaces";
    for (const tenant of [first, second]) {
      const added = await addStaff(db, { tenantId: tenant.tenantId, email, role: "viewer" });
      await db.staffUser.update({ where: { id: added.staffId }, data: { passwordHash: await hashPassword(password) } });
    }
    await addStaff(db, { tenantId: third.tenantId, email, role: "viewer" }); // another password
    const choose = await authorizeStaff(email, password, from());
    expect(choose).toEqual({
      ok: false,
      reason: "choose-marketplace",
      choices: [
        { tenantId: first.tenantId, name: "Alpha Market" },
        { tenantId: second.tenantId, name: "Beta Market" },
      ],
    });
    expect(await authorizeStaff(email, password, { ...from(), tenantId: second.tenantId })).toMatchObject({
      ok: true,
      staff: { tenantId: second.tenantId },
    });
    // The third tenant's login needs its own password; a wrong one says nothing about the others.
    expect(await authorizeStaff(email, "wrong", { ...from(), tenantId: third.tenantId })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  // Two scrypt checks per attempt: room for a busy machine, nothing timed.
  it(
    "does not try a login this browser must wait for: the password opens the others, and choosing it waits",
    { timeout: 120_000 },
    async () => {
      const email = `shared-${randomUUID()}@example.com`;
      const password = "one password for two marketplaces";
      const [first, second] = [await freshTenant({ name: "Alpha Market" }), await freshTenant({ name: "Beta Market" })];
      const ids: string[] = [];
      for (const tenant of [first, second]) {
        const added = await addStaff(db, { tenantId: tenant.tenantId, email, role: "viewer" });
        await db.staffUser.update({
          where: { id: added.staffId },
          data: { passwordHash: await hashPassword(password) },
        });
        ids.push(added.staffId);
      }
      // One browser, a known device of the first member, guesses while the second login is disabled:
      // the first login alone stops that browser (per login and client, for the window).
      const browser = { client: client(), knownStaffIds: [ids[0]!] };
      await db.staffUser.update({ where: { id: ids[1] }, data: { disabledAt: new Date() } });
      for (let guess = 0; guess < FAILURES_PER_PAIR; guess++) await authorizeStaff(email, `guess ${guess}`, browser);
      await db.staffUser.update({ where: { id: ids[1] }, data: { disabledAt: null } });
      expect(await authorizeStaff(email, password, browser)).toMatchObject({
        ok: true,
        staff: { tenantId: second.tenantId },
      });
      expect(await authorizeStaff(email, password, { ...browser, tenantId: first.tenantId })).toMatchObject({
        ok: false,
        reason: "rate-limited",
      });
      expect(await authorizeStaff(email, "wrong", browser)).toMatchObject({ ok: false, reason: "rate-limited" });
      expect(await authorizeStaff(email, password, { ...from(), tenantId: first.tenantId })).toMatchObject({
        ok: true,
        staff: { tenantId: first.tenantId },
      });
    },
  );
});
