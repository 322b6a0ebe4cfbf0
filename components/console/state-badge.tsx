// A trade state as a coloured badge: the phase decides the colour.
import { PHASE_OF, type TradeState } from "@/lib/trades/states.ts";
import { stateLabel } from "@/lib/trades/presentation/state-labels.ts";

const COLOURS = {
  contract: "bg-slate-100 text-slate-800 ring-slate-300",
  delivery: "bg-sky-50 text-sky-900 ring-sky-200",
  return: "bg-amber-50 text-amber-900 ring-amber-200",
  finished: "bg-emerald-50 text-emerald-900 ring-emerald-200",
} as const;

export function StateBadge({ state }: { state: TradeState }) {
  const colour =
    state === "Cancelled" || state === "Disputed" ? "bg-red-50 text-red-900 ring-red-200" : COLOURS[PHASE_OF[state]];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colour}`}
      title={`State id: ${state}`}
    >
      {stateLabel(state)}
    </span>
  );
}
