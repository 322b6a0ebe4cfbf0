// /console/team – who can use the console for this tenant. Admins invite members, change roles
// and disable access; viewers see the list.
import type { Metadata } from "next";
import { InviteMember } from "@/components/console/team/invite-member.tsx";
import { TeamTable } from "@/components/console/team/team-table.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { listTeam } from "@/lib/console/team/list-team.ts";
import { INVITE_TTL_S } from "@/lib/tenants/invite-staff.ts";

export const metadata: Metadata = { title: "Team" };

export default async function TeamPage() {
  const context = await requireStaff();
  const members = await listTeam(context);
  const admins = members.filter((m) => m.role === "admin" && m.status === "active").length;
  return (
    <div className="max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Team</h1>
          <p className="mt-1 text-sm text-slate-600">
            {members.length} {members.length === 1 ? "member" : "members"}, {admins} active{" "}
            {admins === 1 ? "admin" : "admins"}. Admins change things; viewers look. The team always keeps one active
            admin.
          </p>
        </div>
        {context.isAdmin && <InviteMember />}
      </div>
      {!context.isAdmin && (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          You are a viewer: ask an admin to invite someone or change a role.
        </p>
      )}
      <div className="mt-5">
        <TeamTable members={members} isAdmin={context.isAdmin} />
      </div>
      <section aria-labelledby="roles" className="mt-8 grid gap-4 sm:grid-cols-2">
        <h2 id="roles" className="sr-only">
          Roles
        </h2>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="font-semibold">Admin</h3>
          <p className="mt-1 text-sm text-slate-600">
            Everything a viewer sees, and changes it: cancels trades and decides disputes, edits settings, webhooks and
            API tokens, and manages the team. Admins cannot change their own role or access; another admin must.
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <h3 className="font-semibold">Viewer</h3>
          <p className="mt-1 text-sm text-slate-600">
            Sees trades, users, webhook deliveries and settings to answer customers, but changes nothing. Good for
            support staff.
          </p>
        </div>
      </section>
      <p className="mt-4 text-sm text-slate-600">
        Invited members get a link that works once, for {INVITE_TTL_S / 86_400} days, to choose their own password.
        Disabling a member signs them out at once; “Sign out everywhere” ends their sessions in every browser (a lost
        laptop) and lets them sign in again.
      </p>
    </div>
  );
}
