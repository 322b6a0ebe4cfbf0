// Trades by state now, one bar per state that has trades, in the order a trade moves through them;
// each bar opens the trades list filtered to that state. Bars are SVG (sizes as attributes): the
// production Content-Security-Policy allows no inline style attributes.
import Link from "next/link";
import { PHASE_OF, type TradeState } from "@/lib/trades/states.ts";
import { stateLabel } from "@/lib/trades/presentation/state-labels.ts";

const PHASE_COLOUR = {
  contract: "fill-slate-400",
  delivery: "fill-sky-500",
  return: "fill-amber-500",
  finished: "fill-emerald-500",
} as const;
const colourOf = (state: TradeState) =>
  state === "Cancelled" || state === "Disputed" ? "fill-red-500" : PHASE_COLOUR[PHASE_OF[state]];

export function StateBars({ byState, mode }: { byState: { state: TradeState; count: number }[]; mode: string }) {
  const shown = byState.filter((s) => s.count > 0);
  const max = Math.max(1, ...shown.map((s) => s.count));
  if (!shown.length) return <p className="text-sm text-slate-600">No trades yet in this mode.</p>;
  return (
    <ul className="space-y-2">
      {shown.map(({ state, count }) => (
        <li key={state}>
          <Link
            href={`/console/trades?mode=${mode}&state=${state}`}
            className="group grid grid-cols-[9.5rem_1fr_4rem] items-center gap-3 rounded text-sm hover:bg-slate-50"
          >
            <span className="truncate text-slate-700 group-hover:text-slate-950" title={`State id: ${state}`}>
              {stateLabel(state)}
            </span>
            <Bar fraction={count / max} className={colourOf(state)} />
            <span className="text-right font-medium tabular-nums">{count.toLocaleString("en-GB")}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A horizontal bar filling `fraction` of the row; decoration, the number stands beside it. */
export function Bar({ fraction, className }: { fraction: number; className: string }) {
  return (
    <svg viewBox="0 0 100 8" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
      <rect width="100" height="8" rx="4" className="fill-slate-100" />
      <rect width={Math.max(1.5, Math.min(1, fraction) * 100)} height="8" rx="4" className={className} />
    </svg>
  );
}
