// How the trade moved: the phase timestamps, each party's timeline as they see it, and the engine's
// own history (every transition with its actor).
import type { ConsoleTrade } from "@/lib/console/trades/load-trade.ts";
import { formatMoney } from "@/lib/money/format.ts";
import { minorUnitsFromNumber } from "@/lib/money/decimal.ts";
import { LABEL_PAID_BY, TIMELINE_STATE } from "@/lib/trades/presentation/codes.ts";
import { consoleWhen, Section } from "../ui.tsx";
import { stateLabel } from "@/lib/trades/presentation/state-labels.ts";

const PHASE_LABELS: Record<string, string> = {
  contract: "Contract",
  delivery: "Delivery",
  return: "Return",
  finished: "Finished",
};
const HIDDEN = new Set(["rejectedReason", "images"]);
// The API's phase fields, as staff read them (the API's names stay in a tooltip).
const FIELD_LABELS: Record<string, string> = {
  started: "Started",
  paid: "Paid",
  invitationAccepted: "Invitation accepted",
  invitationRejected: "Invitation rejected",
  amount: "Amount",
  sent: "Sent",
  lost: "Lost",
  delivered: "Delivered",
  approved: "Accepted",
  rejected: "Rejected",
  labelPricePayer: "Label, buyer's part",
  labelPricePayee: "Label, seller's part",
  labelPaidBy: "Label paid by",
  labelCode: "Label code",
  labelId: "Label id",
  shippingProvider: "Carrier",
  labelTracking: "Tracking",
  succeeded: "Succeeded",
  cancelled: "Cancelled",
  returned: "Returned",
  released: "Released",
};
const MONEY_FIELDS = new Set(["amount", "labelPricePayer", "labelPricePayee"]);
const PAID_BY: Record<number, string> = {
  [LABEL_PAID_BY.none]: "No label yet",
  [LABEL_PAID_BY.payer]: "Buyer",
  [LABEL_PAID_BY.payee]: "Seller",
  [LABEL_PAID_BY.shared]: "Shared",
};

function phaseValue(key: string, value: string | number | boolean, currency: string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return consoleWhen(value);
  if (typeof value === "number" && MONEY_FIELDS.has(key)) return formatMoney(minorUnitsFromNumber(value), currency);
  if (key === "labelPaidBy" && typeof value === "number") return PAID_BY[value] ?? String(value);
  return String(value);
}

export function Phases({ phases, currency }: { phases: ConsoleTrade["view"]["phases"]; currency: string }) {
  return (
    <Section title="Phases" id="phases">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Object.entries(phases).map(([phase, fields]) => (
          <div key={phase} className="min-w-0">
            <h3 className="text-sm font-semibold">{PHASE_LABELS[phase] ?? phase}</h3>
            {fields ? (
              <dl className="mt-1 space-y-0.5 text-xs">
                {Object.entries(fields as Record<string, unknown>)
                  .filter(
                    ([key, value]) => !HIDDEN.has(key) && value !== "" && value !== null && typeof value !== "object",
                  )
                  .map(([key, value]) => (
                    <div key={key} className="flex justify-between gap-2">
                      <dt className="text-slate-600" title={key}>
                        {FIELD_LABELS[key] ?? key}
                      </dt>
                      <dd className="min-w-0 text-right break-words">
                        {phaseValue(key, value as string | number | boolean, currency)}
                      </dd>
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
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 h-2.5 w-2.5 flex-none rounded-full ${step.state === TIMELINE_STATE.done ? "bg-emerald-600" : step.state === TIMELINE_STATE.current ? "bg-brand-600" : "border border-slate-400"}`}
                  />
                  <span className={step.state === TIMELINE_STATE.skipped ? "text-slate-500 line-through" : ""}>
                    {step.title}
                    <span className="block text-xs text-slate-600">
                      {step.date
                        ? consoleWhen(step.date)
                        : step.detailsDeadlineDescription || (step.state === TIMELINE_STATE.current ? "Now" : "")}
                    </span>
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
      <p className="mb-2 text-xs text-slate-600">
        # is the trade&apos;s event counter (<code>metadata.sequence</code> in its webhooks): a step that sends several
        events takes several numbers, so the column can skip.
      </p>
      <div className="card-table card-table-flush relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">State history</caption>
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
                <td data-label="#" className="py-1.5 pr-3 tabular-nums">
                  {entry.sequence}
                </td>
                <td data-label="When" className="py-1.5 pr-3 whitespace-nowrap">
                  {consoleWhen(entry.occurredAt)}
                </td>
                <td data-lead className="py-1.5 pr-3 font-mono text-xs">
                  {entry.action}
                </td>
                <td data-label="By" className="py-1.5 pr-3">
                  {entry.actor}
                </td>
                <td data-label="State" className="py-1.5">
                  {entry.fromState ? `${stateLabel(entry.fromState)} → ` : ""}
                  {stateLabel(entry.toState)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
