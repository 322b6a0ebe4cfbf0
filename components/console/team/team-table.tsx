// The team: each member's role, status and last sign-in; admins get the changes they may make
// (never to themselves; the server also keeps one active admin).
import type { TeamMember } from "@/lib/console/team/list-team.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { consoleWhen } from "../ui.tsx";
import { RenewInvitation } from "./renew-invitation.tsx";
import {
  memberAccess,
  memberRole,
  memberSessionsEnd,
  memberSignInThrottleLift,
} from "@/lib/console/operations/team.ts";
import { consoleCall } from "../kit/console-post.ts";

const STATUS = {
  active: ["Active", "bg-emerald-50 text-emerald-900 ring-emerald-200"],
  invited: ["Invited", "bg-sky-50 text-sky-900 ring-sky-200"],
  "invite-expired": ["Invitation expired", "bg-amber-50 text-amber-900 ring-amber-200"],
  disabled: ["Disabled", "bg-slate-100 text-slate-700 ring-slate-300"],
} as const;

function Badge({ className, children }: { className: string; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${className}`}
    >
      {children}
    </span>
  );
}

/** Ends every console session of a member (theirs, or yours: this browser too). */
function EndSessions({ member }: { member: TeamMember }) {
  return (
    <ConfirmButton
      label="Sign out everywhere"
      title={member.isYou ? "Sign yourself out everywhere?" : `Sign ${member.name} out everywhere?`}
      body={
        member.isYou ? (
          <p>
            Every browser where you are signed in to the console, this one included, is signed out at once. Sign in
            again with your password.
          </p>
        ) : (
          <p>
            Every browser where they are signed in to the console is signed out at once, for example after a lost
            laptop. They can sign in again with their password; to keep them out, disable them.
          </p>
        )
      }
      confirmLabel="Sign out everywhere"
      call={consoleCall(memberSessionsEnd, { staffId: member.id })}
    />
  );
}

/** Failed sign-ins on the member's login here slow browsers they never used; an admin may lift it. */
function SignInThrottle({ member, isAdmin }: { member: TeamMember; isAdmin: boolean }) {
  const throttle = member.signInThrottle;
  if (!throttle) return null;
  return (
    <div className="mt-1 text-xs text-amber-900">
      <p>
        {throttle.failures} failed sign-ins
        {throttle.slowedUntil ? `; new browsers wait until ${consoleWhen(throttle.slowedUntil)}` : ""}
      </p>
      {isAdmin && (
        <ConfirmButton
          label="Lift"
          title={`Lift the sign-in throttle of ${member.email}?`}
          body={
            <p>
              The failed attempts on their login to this marketplace are forgotten, so a browser they never used can
              sign in at once. Browsers where they signed in before were never slowed.
            </p>
          }
          confirmLabel="Lift"
          call={consoleCall(memberSignInThrottleLift, { staffId: member.id })}
        />
      )}
    </div>
  );
}

function MemberActions({ member }: { member: TeamMember }) {
  const staff = { staffId: member.id };
  const other = member.role === "admin" ? "viewer" : "admin";
  return (
    <div
      role="group"
      aria-label={`Change ${member.email}`}
      className="flex justify-end gap-2 whitespace-nowrap @max-[40rem]:mt-2 @max-[40rem]:flex-wrap @max-[40rem]:justify-start"
    >
      {(member.status === "invited" || member.status === "invite-expired") && (
        <RenewInvitation staffId={member.id} email={member.email} />
      )}
      {member.status !== "disabled" && (
        <ConfirmButton
          label={other === "admin" ? "Make admin" : "Make viewer"}
          title={`Make ${member.name} ${other === "admin" ? "an admin" : "a viewer"}?`}
          body={
            <p>
              {other === "admin"
                ? "Admins can change trades, settings, webhooks, tokens and the team."
                : "Viewers can see everything but change nothing."}{" "}
              It takes effect on their next click.
            </p>
          }
          confirmLabel={other === "admin" ? "Make admin" : "Make viewer"}
          call={consoleCall(memberRole, staff, { role: other })}
        />
      )}
      {member.status === "active" && <EndSessions member={member} />}
      {member.status === "disabled" ? (
        <ConfirmButton
          label="Enable"
          title={`Enable ${member.name}?`}
          body={<p>They can sign in again with their password, with the role they had ({member.role}).</p>}
          confirmLabel="Enable"
          call={consoleCall(memberAccess, staff, { disabled: false })}
        />
      ) : (
        <ConfirmButton
          tone="danger"
          label="Disable"
          title={`Disable ${member.name}?`}
          body={
            <p>
              They are signed out at once and cannot sign in until an admin enables them again.
              {member.status !== "active" ? " Their invitation link stops working." : ""}
            </p>
          }
          confirmLabel="Disable"
          call={consoleCall(memberAccess, staff, { disabled: true })}
        />
      )}
    </div>
  );
}

export function TeamTable({ members, isAdmin }: { members: TeamMember[]; isAdmin: boolean }) {
  return (
    <div className="card-table relative max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Team members</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Member
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Role
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Last sign-in
            </th>
            {isAdmin && (
              <th scope="col" className="px-4 py-2.5 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((member) => {
            const [label, colour] = STATUS[member.status];
            return (
              <tr key={member.id} className={member.status === "disabled" ? "text-slate-500" : undefined}>
                <td data-lead className="px-4 py-3">
                  <p className="font-medium text-slate-900">
                    {member.name}
                    {member.isYou && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
                  </p>
                  <p className="break-all text-slate-600">{member.email}</p>
                </td>
                <td data-label="Role" className="px-4 py-3">
                  {member.role === "admin" ? "Admin" : "Viewer"}
                </td>
                <td data-label="Status" className="px-4 py-3">
                  <Badge className={colour}>{label}</Badge>
                  {member.status === "invited" && member.inviteExpiresAt && (
                    <p className="mt-1 text-xs text-slate-600">until {consoleWhen(member.inviteExpiresAt)}</p>
                  )}
                  <SignInThrottle member={member} isAdmin={isAdmin} />
                </td>
                <td data-label="Last sign-in" className="px-4 py-3 text-slate-700">
                  {member.lastSignInAt ? consoleWhen(member.lastSignInAt) : "Never"}
                </td>
                {isAdmin && (
                  <td className="w-px px-4 py-3">
                    {member.isYou ? (
                      <div
                        role="group"
                        aria-label={`Change ${member.email}`}
                        className="flex items-center justify-end gap-3 whitespace-nowrap @max-[40rem]:mt-2 @max-[40rem]:flex-wrap @max-[40rem]:justify-start"
                      >
                        <p className="text-xs text-slate-600">That’s you</p>
                        <EndSessions member={member} />
                      </div>
                    ) : (
                      <MemberActions member={member} />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
