// /console/payouts – every try at paying a settled trade's payee: state, account, bank reference.
import type { Metadata } from "next";
import { Suspense } from "react";
import { PayoutsBrowser } from "@/components/console/payouts/payouts-browser.tsx";

export const metadata: Metadata = { title: "Payouts" };

export default function PayoutsPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Payouts</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Every payout to a seller, newest first. A payout the bank refuses is <strong>Failed</strong>: the money stays
        owed to the seller and a new payout follows once they choose another account. The reference is what the
        seller&apos;s bank statement shows.
      </p>
      <div className="mt-5">
        <Suspense>
          <PayoutsBrowser />
        </Suspense>
      </div>
    </>
  );
}
