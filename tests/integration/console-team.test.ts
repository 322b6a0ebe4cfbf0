// The team page's changes: admins invite members by a single-use, expiring link whose token is
// kept only as a hash; the invitee sets a password and can then sign in. Admins change roles and
// disable members, never themselves and never leaving the tenant without an active admin; a
// disabled member's session ends at once. Viewers change nothing.
import "../helpers/next-runtime.ts"; // before any of Next's request-scope modules load
import { describe, expect, it } from "vitest";
import { POST as acceptRoute } from "../../app/(console)/console/api/invitations/accept/route.ts";
import { POST as endSessionsRoute } from "../../app/(console)/console/api/team/[staffId]/sessions/route.ts";
import { authOptions } from "../../lib/console/auth/auth-options.ts";
import { authorizeStaff } from "../../lib/console/auth/authorize-staff.ts";
import { ConsoleForbidden, currentStaff } from "../../lib/console/auth/staff-session.ts";
import { changeMember } from "../../lib/console/team/change-member.ts";
import { endMemberSessions } from "../../lib/console/team/end-sessions.ts";
import { InviteBody, inviteMember, renewMemberInvitation } from "../../lib/console/team/invite-member.ts";
import { listTeam } from "../../lib/console/team/list-team.ts";
import { acceptInvitation, findInvitation, hashInviteToken, INVITE_TTL_S } from "../../lib/tenants/invite-staff.ts";
import { callRoute } from "../helpers/call-route.ts";
import { callConsole, CONSOLE_ORIGIN, inRequestScope, sessionCookie } from "../helpers/console-request.ts";
import { contextOf, staffOf } from "../helpers/staff-context.ts";
import { db, freshTenant } from "../helpers/tenants.ts";

const PASSWORD = "correct horse battery staple";
const client = () => `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
const tokenOf = (path: string) => path.replace("/console/invite/", "");
const email = (who: string) => `${who}-${crypto.randomUUID()}@example.com`;

async function team() {
  const tenant = await freshTenant();
  const owner = await db.staffUser.findUniqueOrThrow({
    where: { tenantId_email: { tenantId: tenant.tenantId, email: tenant.consoleEmail } },
  });
  return { tenant, admin: await contextOf(owner.id) };
}

/** Who a request carrying this session cookie is signed in as (null: signed out). */
const signedInAs = async (staffId: string, sessionVersion: number) =>
  (
    await inRequestScope(
      new Request(`${CONSOLE_ORIGIN}/console`, { headers: { Cookie: await sessionCookie(staffId, sessionVersion) } }),
      currentStaff,
    )
  )?.staff.id ?? null;

const accept = (token: string, password: string, origin = "https://escrow.test") =>
  callRoute(acceptRoute, {
    method: "POST",
    path: "/console/api/invitations/accept",
    body: { token, password },
    headers: { Origin: origin },
  });

describe("console team", () => {
  it("an admin invites a viewer; the link sets a password once, and the viewer signs in", async () => {
    const { tenant, admin } = await team();
    const address = email("Ana");
    const invited = await inviteMember(
      admin,
      InviteBody.parse({ email: ` ${address.toUpperCase()} `, name: "Ana", role: "viewer" }),
    );
    expect(invited).toMatchObject({
      email: address.toLowerCase(),
      role: "viewer",
      invitePath: expect.stringMatching(/^\/console\/invite\/[\w-]{43}$/),
    });
    const token = tokenOf(invited.invitePath);

    // Only the hash is stored; until accepted the member cannot sign in and is listed as invited.
    const row = await db.staffUser.findUniqueOrThrow({ where: { id: invited.staffId } });
    expect(row.inviteTokenHash).toBe(hashInviteToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await listTeam(admin)).find((m) => m.id === invited.staffId)).toMatchObject({
      status: "invited",
      role: "viewer",
      name: "Ana",
      isYou: false,
    });
    expect(await findInvitation(db, token)).toMatchObject({ email: address.toLowerCase(), tenantName: tenant.name });

    expect((await accept(token, "short")).status).toBe(400);
    expect((await accept(token, PASSWORD, "https://evil.example")).status).toBe(403);
    const accepted = await accept(token, PASSWORD);
    expect(accepted).toMatchObject({ status: 200, json: { email: address.toLowerCase() } });
    expect((await authorizeStaff(address, PASSWORD, { client: client() })).ok).toBe(true);
    expect((await listTeam(admin)).find((m) => m.id === invited.staffId)).toMatchObject({
      status: "active",
      lastSignInAt: expect.any(String),
    });

    // Single use: the same link does nothing the second time.
    expect((await accept(token, "another long password")).status).toBe(410);
    expect((await authorizeStaff(address, PASSWORD, { client: client() })).ok).toBe(true);
  });

  it("an expired link does not work; a renewed one does, and the old one stops", async () => {
    const { admin } = await team();
    const invited = await inviteMember(admin, { email: email("late"), role: "admin" });
    const first = tokenOf(invited.invitePath);
    const later = new Date(Date.now() + (INVITE_TTL_S + 60) * 1000);
    expect(await acceptInvitation(db, first, PASSWORD, later)).toEqual({ ok: false, reason: "invalid-link" });
    expect(await findInvitation(db, first, later)).toBeNull();

    const renewed = await renewMemberInvitation(admin, invited.staffId);
    expect(await acceptInvitation(db, first, PASSWORD)).toEqual({ ok: false, reason: "invalid-link" });
    expect(await acceptInvitation(db, tokenOf(renewed.invitePath), PASSWORD)).toMatchObject({ ok: true });
    await expect(renewMemberInvitation(admin, invited.staffId)).rejects.toMatchObject({ code: "conflict" });
  });

  it("two uses of one link at once: exactly one sets the password", async () => {
    const { admin } = await team();
    const invited = await inviteMember(admin, { email: email("race"), role: "viewer" });
    const token = tokenOf(invited.invitePath);
    const results = await Promise.all([
      acceptInvitation(db, token, "first long password"),
      acceptInvitation(db, token, "second long password"),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("a disabled invitee's link does not work", async () => {
    const { admin } = await team();
    const invited = await inviteMember(admin, { email: email("off"), role: "viewer" });
    await changeMember(admin, invited.staffId, { disabled: true });
    expect(await acceptInvitation(db, tokenOf(invited.invitePath), PASSWORD)).toEqual({
      ok: false,
      reason: "invalid-link",
    });
  });

  it("refuses an email that already has a login, naming the field", async () => {
    const { tenant, admin } = await team();
    await expect(inviteMember(admin, { email: tenant.consoleEmail, role: "viewer" })).rejects.toMatchObject({
      code: "validation-error",
      errors: [{ key: "email" }],
    });
    expect(
      InviteBody.safeParse({ email: "not an email", role: "owner" }).error!.issues.map((i) => i.path.join(".")),
    ).toEqual(["email", "role"]);
  });

  it("an admin changes a role and disables a member; the member's session ends at once", async () => {
    const { tenant, admin } = await team();
    const viewer = await staffOf(tenant.tenantId, "viewer");
    expect(await changeMember(admin, viewer.staff.id, { role: "admin" })).toMatchObject({
      role: "admin",
      disabled: false,
    });
    expect((await contextOf(viewer.staff.id)).isAdmin).toBe(true);
    expect(await changeMember(admin, viewer.staff.id, { disabled: true })).toMatchObject({ disabled: true });
    // currentStaff() reloads the member per request and treats a disabled one as signed out.
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: viewer.staff.id } })).disabledAt).not.toBeNull();
    expect((await listTeam(admin)).find((m) => m.id === viewer.staff.id)?.status).toBe("disabled");
    expect(await changeMember(admin, viewer.staff.id, { disabled: false })).toMatchObject({ disabled: false });
    // Enabled again, they sign in anew: a cookie from before the disabling stays signed out.
    expect(await signedInAs(viewer.staff.id, 0)).toBeNull();
    expect(await signedInAs(viewer.staff.id, 1)).toBe(viewer.staff.id);
  });

  it("an admin cannot change themselves, and the tenant keeps an active admin", async () => {
    const { tenant, admin } = await team();
    await expect(changeMember(admin, admin.staff.id, { role: "viewer" })).rejects.toMatchObject({ code: "conflict" });
    await expect(changeMember(admin, admin.staff.id, { disabled: true })).rejects.toMatchObject({ code: "conflict" });

    // Two admins demoting each other at once: one wins, the other is no longer an admin.
    const other = await staffOf(tenant.tenantId, "admin");
    const outcomes = await Promise.allSettled([
      changeMember(admin, other.staff.id, { role: "viewer" }),
      changeMember(other, admin.staff.id, { role: "viewer" }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const admins = await db.staffUser.count({ where: { tenantId: tenant.tenantId, role: "admin", disabledAt: null } });
    expect(admins).toBe(1);
  });

  it("refuses a viewer every change, and changes nothing", async () => {
    const { tenant, admin } = await team();
    const viewer = await staffOf(tenant.tenantId, "viewer");
    const before = await db.staffUser.findMany({ where: { tenantId: tenant.tenantId }, orderBy: { id: "asc" } });
    await expect(inviteMember(viewer, { email: email("x"), role: "admin" })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(changeMember(viewer, admin.staff.id, { role: "viewer" })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(changeMember(viewer, admin.staff.id, { disabled: true })).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(renewMemberInvitation(viewer, admin.staff.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(endMemberSessions(viewer, admin.staff.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    await expect(endMemberSessions(viewer, viewer.staff.id)).rejects.toBeInstanceOf(ConsoleForbidden);
    expect(await db.staffUser.findMany({ where: { tenantId: tenant.tenantId }, orderBy: { id: "asc" } })).toEqual(
      before,
    );
    expect((await listTeam(viewer)).map((m) => m.isYou)).toEqual([false, true]);
  });

  it("an admin signs a member out of every browser; a new sign-in works, the old cookies do not", async () => {
    const { tenant, admin } = await team();
    const member = await staffOf(tenant.tenantId, "viewer");
    expect(await signedInAs(member.staff.id, 0)).toBe(member.staff.id);

    const ended = await callConsole(endSessionsRoute, {
      method: "POST",
      path: `/console/api/team/${member.staff.id}/sessions`,
      params: { staffId: member.staff.id },
      staffId: admin.staff.id,
    });
    expect(ended).toEqual({ status: 200, json: { staffId: member.staff.id, sessionsEnded: true, you: false } });
    // Every cookie made before is signed out; the member is not disabled and the admin is still in.
    expect(await signedInAs(member.staff.id, 0)).toBeNull();
    expect(await signedInAs(admin.staff.id, 0)).toBe(admin.staff.id);
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: member.staff.id } })).disabledAt).toBeNull();

    // Signing in again puts the current version in the new cookie (next-auth's jwt callback).
    const { sessionVersion } = await db.staffUser.findUniqueOrThrow({ where: { id: member.staff.id } });
    const jwt = await authOptions.callbacks!.jwt!({
      token: {},
      user: { id: member.staff.id, sessionVersion } as never,
      account: null,
    });
    expect(jwt).toMatchObject({ staffId: member.staff.id, sessionVersion: 1 });
    expect(await signedInAs(member.staff.id, jwt.sessionVersion as number)).toBe(member.staff.id);

    // An admin may end their own sessions, this one included.
    expect(await endMemberSessions(admin, admin.staff.id)).toMatchObject({ you: true });
    expect(await signedInAs(admin.staff.id, 0)).toBeNull();
  });

  it("signing out ends the session: a copy of the cookie made before no longer works", async () => {
    const { tenant } = await team();
    const member = await staffOf(tenant.tenantId, "admin");
    expect(await signedInAs(member.staff.id, 0)).toBe(member.staff.id);
    // What next-auth calls when the member signs out, with the token of the cookie being cleared.
    await authOptions.events!.signOut!({
      token: { staffId: member.staff.id, sessionVersion: 0 },
      session: null as never,
    });
    expect(await signedInAs(member.staff.id, 0)).toBeNull();
    // Replaying the old cookie to the sign-out endpoint changes nothing more; a new sign-in works.
    await authOptions.events!.signOut!({
      token: { staffId: member.staff.id, sessionVersion: 0 },
      session: null as never,
    });
    expect((await db.staffUser.findUniqueOrThrow({ where: { id: member.staff.id } })).sessionVersion).toBe(1);
    expect(await signedInAs(member.staff.id, 1)).toBe(member.staff.id);
  });

  it("another tenant's member is not found", async () => {
    const { admin } = await team();
    const stranger = await staffOf((await freshTenant()).tenantId, "viewer");
    await expect(changeMember(admin, stranger.staff.id, { disabled: true })).rejects.toMatchObject({
      code: "not-found",
    });
    await expect(renewMemberInvitation(admin, stranger.staff.id)).rejects.toMatchObject({ code: "not-found" });
    await expect(endMemberSessions(admin, stranger.staff.id)).rejects.toMatchObject({ code: "not-found" });
    expect(await db.staffUser.findUniqueOrThrow({ where: { id: stranger.staff.id } })).toMatchObject({
      disabledAt: null,
      sessionVersion: 0,
    });
  });
});
