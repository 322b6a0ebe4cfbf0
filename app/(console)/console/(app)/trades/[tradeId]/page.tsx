// /console/trades/{tradeId} – one trade, whole: money, both parties, phases, timelines, history,
// payments, labels, ledger and webhook deliveries.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { StateBadge } from "@/components/console/state-badge.tsx";
import { Chargebacks } from "@/components/console/trade/chargebacks.tsx";
import { Labels, Ledger, Payments } from "@/components/console/trade/trade-money-movements.tsx";
import { MoneySummary, Parties } from "@/components/console/trade/trade-overview.tsx";
import { History, Phases, Timelines } from "@/components/console/trade/trade-progress.tsx";
import { TradeActions } from "@/components/console/trade/trade-actions.tsx";
import { WebhookEvents } from "@/components/console/trade/trade-webhooks.tsx";
import { consoleWhen } from "@/components/console/ui.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { loadTradeForConsole } from "@/lib/console/trades/load-trade.ts";

export const metadata: Metadata = { title: "Trade" };

export default async function TradePage({ params }: { params: Promise<{ tradeId: string }> }) {
  const [{ tradeId }, { tenant, isAdmin }] = await Promise.all([params, requireStaff()]);
  const data = await loadTradeForConsole(tenant.id, tradeId);
  if (!data) notFound();
  const { trade } = data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={`/console/trades?mode=${trade.mode}`} className="text-brand-700 hover:underline">
          Trades
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{trade.title}</h1>
          <StateBadge state={trade.state} />
          {trade.mode === "test" && (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Test</span>
          )}
        </div>
        <TradeActions trade={trade} isAdmin={isAdmin} />
      </div>
      <p className="mt-1 font-mono text-xs text-slate-600">
        {trade.id}
        {trade.referenceId ? ` · reference ${trade.referenceId}` : ""} · created {consoleWhen(trade.createdAt)}
        {trade.deadlineAt ? ` · next deadline ${consoleWhen(trade.deadlineAt)} (${trade.deadlineKind})` : ""}
      </p>
      {data.holdBudgetEndsAt && (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          The payment rail holds this trade&apos;s money only until {consoleWhen(data.holdBudgetEndsAt)}: settle,
          release or refund it before then.
        </p>
      )}
      <Parties data={data} />
      <MoneySummary trade={trade} />
      <Timelines view={data.view} />
      <Phases phases={data.view.phases} currency={trade.currency} />
      <History history={data.history} />
      <Payments payments={data.payments} />
      <Chargebacks chargebacks={data.chargebacks} trade={trade} isAdmin={isAdmin} />
      <Labels labels={data.labels} currency={trade.currency} />
      <Ledger transfers={data.transfers} currency={trade.currency} />
      <WebhookEvents events={data.events} canRedeliver={isAdmin} />
    </>
  );
}
