// /console/invite/{token} – an invited member chooses their password. Opening the page uses
// nothing up (link scanners may open it); only setting the password does. The token stays out of
// Referer headers.
import type { Metadata } from "next";
import Link from "next/link";
import { AcceptInvitationForm } from "@/components/console/team/accept-invitation-form.tsx";
import { db } from "@/lib/db/client.ts";
import { findInvitation, MIN_PASSWORD_LENGTH } from "@/lib/tenants/invite-staff.ts";

export const metadata: Metadata = {
  title: "Join the console · Console",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(db, token);
  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className="w-full max-w-md">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Marketplace Escrow</p>
        {invitation ? (
          <>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight">Join {invitation.tenantName}’s console</h1>
            <p className="mt-1 text-sm text-slate-600">
              You were invited as {invitation.role === "admin" ? "an admin" : "a viewer"}. Choose a password to finish;
              you will sign in with your email and it.
            </p>
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <AcceptInvitationForm token={token} email={invitation.email} minLength={MIN_PASSWORD_LENGTH} />
            </div>
          </>
        ) : (
          <>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight">This invitation link no longer works</h1>
            <p className="mt-2 text-sm text-slate-700">
              It has expired, was already used, or was replaced by a newer one. Ask an admin of your team for a new
              link.
            </p>
            <p className="mt-4 text-sm">
              <Link href="/console/sign-in" className="font-medium text-brand-700 hover:underline">
                Go to the sign-in page
              </Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
