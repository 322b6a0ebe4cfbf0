// /console/trades – find any trade of the tenant.
import type { Metadata } from "next";
import { Suspense } from "react";
import { TradesBrowser } from "@/components/console/trades/trades-browser.tsx";

export const metadata: Metadata = { title: "Trades" };

export default function TradesPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Trades</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every trade of your marketplace, newest first. Search by trade id, your reference id, a user id or the title.
      </p>
      <div className="mt-5">
        <Suspense>
          <TradesBrowser />
        </Suspense>
      </div>
    </>
  );
}
