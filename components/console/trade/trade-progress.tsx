// How the trade moved: the phase timestamps, each party's timeline as they see it, and the engine's
// own history (every transition with its actor).
import type { ConsoleTrade } from "@/lib/console/trades/load-trade.ts";
import { TIMELINE_STATE } from "@/lib/trades/presentation/codes.ts";
import { consoleWhen, Section } from "../ui.tsx";

const PHASE_LABELS: Record<string, string> = { contract: "Contract", delivery: "Delivery", return: "Return", finished: "Finished" };
const HIDDEN = new Set(["rejectedReason", "images"]);

export function Phases({ phases }: { phases: ConsoleTrade["view"]["phases"] }) {
  return (
    <Section title="Phases" id="phases">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Object.entries(phases).map(([phase, fields]) => (
          <div key={phase}>
            <h3 className="text-sm font-semibold">{PHASE_LABELS[phase] ?? phase}</h3>
            {fields ? (
              <dl className="mt-1 space-y-0.5 text-xs">
                {Object.entries(fields as Record<string, unknown>)
                  .filter(([key, value]) => !HIDDEN.has(key) && value !== "" && value !== null && typeof value !== "object")
                  .map(([key, value]) => (
                    <div key={key} className="flex justify-between gap-2">
                      <dt className="text-slate-600">{key}</dt>
                      <dd className="text-right font-mono">{typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? consoleWhen(value) : String(value)}</dd>
                    </div>
                  ))}
              </dl>
            ) : (
              <p className="mt-1 text-xs text-slate-500">Not reached</p>
            )}
          </div>
        ))}
      </div>
    </Section>
  );
}

export function Timelines({ view }: { view: ConsoleTrade["view"] }) {
  return (
    <Section title="Timelines as the users see them" id="timelines">
      <div className="grid gap-6 lg:grid-cols-2">
        {(["payer", "payee"] as const).map((role) => (
          <div key={role}>
            <h3 className="text-sm font-semibold">{role === "payer" ? "Buyer" : "Seller"}</h3>
            <ol className="mt-2 space-y-2">
              {view[role].timeline.map((step) => (
                <li key={step.id} className="flex gap-2 text-sm">
                  <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 flex-none rounded-full ${step.state === TIMELINE_STATE.done ? "bg-emerald-600" : step.state === TIMELINE_STATE.current ? "bg-brand-600" : "border border-slate-400"}`} />
                  <span className={step.state === TIMELINE_STATE.skipped ? "text-slate-500 line-through" : ""}>
                    {step.title}
                    <span className="block text-xs text-slate-600">{step.date ? consoleWhen(step.date) : step.detailsDeadlineDescription || (step.state === TIMELINE_STATE.current ? "Now" : "")}</span>
                  </span>
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </Section>
  );
}

export function History({ history }: { history: ConsoleTrade["history"] }) {
  return (
    <Section title="State history" id="history">
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-1.5 pr-3">
              #
            </th>
            <th scope="col" className="py-1.5 pr-3">
              When
            </th>
            <th scope="col" className="py-1.5 pr-3">
              Action
            </th>
            <th scope="col" className="py-1.5 pr-3">
              By
            </th>
            <th scope="col" className="py-1.5">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={String(entry.id)} className="border-t border-slate-100">
              <td className="py-1.5 pr-3 tabular-nums">{entry.sequence}</td>
              <td className="py-1.5 pr-3 whitespace-nowrap">{consoleWhen(entry.occurredAt)}</td>
              <td className="py-1.5 pr-3 font-mono text-xs">{entry.action}</td>
              <td className="py-1.5 pr-3">{entry.actor}</td>
              <td className="py-1.5">
                {entry.fromState ? `${entry.fromState} → ` : ""}
                {entry.toState}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
