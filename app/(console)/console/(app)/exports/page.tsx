// /console/exports – trades, payouts and ledger movements of a range of days as CSV or JSON lines.
import type { Metadata } from "next";
import { ExportForm } from "@/components/console/exports/export-form.tsx";

export const metadata: Metadata = { title: "Exports" };

export default function ExportsPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Exports</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">
        Files for your books: every trade, payout or ledger movement created in the chosen days (UTC, both included),
        oldest first. Amounts are exact decimals in major units, times UTC. Each ledger movement is one posting; a
        transfer&apos;s postings are consecutive and sum to zero. The same files come from the API (
        <code>GET /v1/marketplace/exports/…</code>).
      </p>
      <div className="mt-5">
        <ExportForm />
      </div>
    </>
  );
}
