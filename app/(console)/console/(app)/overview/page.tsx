// /console/overview – where staff land: money held in escrow now, trades and volume over the last
// 30 days, trades by state, and whether the marketplace's webhook endpoints are keeping up.
import type { Metadata } from "next";
import Link from "next/link";
import { DailyBarChart } from "@/components/console/overview/daily-bar-chart.tsx";
import { StateBars } from "@/components/console/overview/state-bars.tsx";
import { WebhookHealth } from "@/components/console/overview/webhook-health.tsx";
import { consoleMoney, Section } from "@/components/console/ui.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { isFailing, loadOverview, OVERVIEW_DAYS } from "@/lib/console/overview/load-overview.ts";

export const metadata: Metadata = { title: "Overview" };

/** Money on an axis: whole units, compact (DKK 12K), exact amounts are in the tiles and tables. */
const axisMoney = (currency: string) => (minor: number) =>
  new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(minor / 100);

export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ mode?: string }> }) {
  const [{ mode: requested }, { tenant }] = await Promise.all([searchParams, requireStaff()]);
  const mode = requested === "live" ? "live" : "test";
  const overview = await loadOverview(tenant, mode);
  const failing = overview.endpoints.filter(isFailing).length;
  const disputed = overview.byState.find((s) => s.state === "Disputed")?.count ?? 0;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
          <p className="mt-1 text-sm text-slate-600">
            {mode === "test" ? "Sandbox data (test mode), on the sandbox clock." : "Live trades with real money."} Days
            are Copenhagen days.
          </p>
        </div>
        <nav aria-label="Mode" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
          {(["live", "test"] as const).map((m) => (
            <Link
              key={m}
              href={`/console/overview?mode=${m}`}
              aria-current={m === mode ? "page" : undefined}
              className={`rounded-md px-3 py-1.5 font-medium ${m === mode ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {m === "live" ? "Live" : "Test"}
            </Link>
          ))}
        </nav>
      </div>

      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Tile
          label="Held in escrow now"
          value={consoleMoney(overview.escrow.heldMinor, overview.currency)}
          detail={
            overview.escrow.trades === 1
              ? "1 trade holds money"
              : `${overview.escrow.trades.toLocaleString("en-GB")} trades hold money`
          }
        />
        <Tile
          label={`Volume, last ${OVERVIEW_DAYS} days`}
          value={consoleMoney(overview.volumeInRangeMinor, overview.currency)}
          detail={
            overview.tradesInRange === 1
              ? "1 trade created"
              : `${overview.tradesInRange.toLocaleString("en-GB")} trades created`
          }
        />
        <Tile
          label="Open disputes"
          value={disputed.toLocaleString("en-GB")}
          detail={
            <Link href={`/console/trades?mode=${mode}&state=Disputed`} className="text-brand-700 hover:underline">
              Decide them
            </Link>
          }
          alert={disputed > 0}
        />
        <Tile
          label="Failing webhook endpoints"
          value={`${failing} of ${overview.endpoints.length}`}
          detail={
            <Link href={`/console/webhooks?mode=${mode}`} className="text-brand-700 hover:underline">
              Webhooks
            </Link>
          }
          alert={failing > 0}
        />
      </dl>

      {/* grid-cols-1 is minmax(0, 1fr): a long endpoint address must not widen the column past the screen. */}
      <div className="grid grid-cols-1 gap-x-6 xl:grid-cols-2">
        <Section title={`Volume per day, last ${OVERVIEW_DAYS} days`} id="volume">
          <DailyBarChart
            points={overview.days.map((d) => ({ day: d.day, value: Number(d.volumeMinor) }))}
            label="Trade volume per day"
            format={axisMoney(overview.currency)}
          />
        </Section>
        <Section title={`Trades per day, last ${OVERVIEW_DAYS} days`} id="count">
          <DailyBarChart
            points={overview.days.map((d) => ({ day: d.day, value: d.count }))}
            label="Trades created per day"
            format={(n) => n.toLocaleString("en-GB")}
            integer
            colour="fill-sky-500"
          />
        </Section>
        <Section title="Trades by state now" id="states">
          <StateBars byState={overview.byState} mode={mode} />
        </Section>
        <Section title="Webhook endpoints" id="webhooks">
          <WebhookHealth endpoints={overview.endpoints} mode={mode} />
        </Section>
      </div>
    </>
  );
}

function Tile({
  label,
  value,
  detail,
  alert = false,
}: {
  label: string;
  value: string;
  detail: React.ReactNode;
  alert?: boolean;
}) {
  return (
    <div className={`rounded-xl border bg-white px-5 py-4 ${alert ? "border-red-300" : "border-slate-200"}`}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold tracking-tight tabular-nums ${alert ? "text-red-800" : ""}`}>
        {value}
      </dd>
      <dd className="mt-1 text-sm text-slate-600">{detail}</dd>
    </div>
  );
}
