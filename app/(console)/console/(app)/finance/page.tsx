// /console/finance – the balance now and at the end of a day, the day's movements, and whether the ledger and the records agree.
import type { Metadata } from "next";
import { Suspense } from "react";
import { FinanceView } from "@/components/console/finance/finance-view.tsx";

export const metadata: Metadata = { title: "Finance" };

export default function FinancePage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Finance</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        The money the service holds for you, from the ledger: the same figures as the API&apos;s balance and balance
        transactions. The reconciliation checks every trade&apos;s ledger against its payment and payout records.
      </p>
      <div className="mt-5">
        <Suspense>
          <FinanceView />
        </Suspense>
      </div>
    </>
  );
}
