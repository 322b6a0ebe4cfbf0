// /console/users – the marketplace users who connected to the escrow service through the tenant.
import type { Metadata } from "next";
import { Suspense } from "react";
import { UsersBrowser } from "@/components/console/users/users-browser.tsx";

export const metadata: Metadata = { title: "Users" };

export default function UsersPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Your marketplace users who have connected to escrow, newest connection first. Their name and KYC level come from
        their national eID sign-in. Open a user to see their payout accounts and every trade they bought or sold.
      </p>
      <div className="mt-5">
        <Suspense>
          <UsersBrowser />
        </Suspense>
      </div>
    </>
  );
}
