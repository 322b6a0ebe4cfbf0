// The tenant console's sign-in page.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { SignInForm } from "@/components/console/sign-in-form.tsx";
import { currentStaff } from "@/lib/console/auth/staff-session.ts";

export const metadata: Metadata = { title: "Sign in · Console", robots: { index: false, follow: false } };

export default async function SignInPage() {
  if (await currentStaff()) redirect("/console/overview");
  return (
    <main className="grid min-h-screen place-items-center px-4">
      <div className="w-full max-w-sm">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Marketplace Escrow</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Sign in to your console</h1>
        <p className="mt-1 text-sm text-slate-600">Trades, users, webhooks and settings of your marketplace.</p>
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <Suspense>
            <SignInForm />
          </Suspense>
        </div>
      </div>
    </main>
  );
}
