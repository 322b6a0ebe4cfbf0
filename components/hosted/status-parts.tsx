// Pieces of the hosted trade status page: the actions the party may take, the question asked
// before an action that cannot be undone or needs input, the parcels and the timeline.
import type { ShipmentLabel } from "@/lib/db/generated/client.ts";
import { formatDateTime } from "@/lib/dates.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { formatMoney } from "@/lib/money/format.ts";
import { BUYS_LABEL, NEEDS_REASON, ASKS_FIRST } from "@/lib/hosted/status-flow.ts";
import type { LabelOption } from "@/lib/shipping/label-prices.ts";
import type { Role } from "@/lib/trades/transition-table.ts";
import { carrierCatalogue } from "@/lib/outside-parties.ts";
import type { CarrierId } from "@/lib/shipping/carrier.ts";
import { INTL_LOCALE, type Locale } from "@/lib/locale.ts";
import { ACTION, actionName, TIMELINE_STATE } from "@/lib/trades/presentation/codes.ts";
import type { TimelineEntryResponse } from "@/lib/trades/presentation/timeline.ts";
import { HostedForm, LinkButton, SubmitButton } from "./ui.tsx";

const DESTRUCTIVE = new Set<number>([ACTION.rejectInvitation, ACTION.abandon]);

export function ActionList({
  actions,
  base,
  csrf,
}: {
  actions: { type: number; text: string }[];
  base: string;
  csrf: string | null;
}) {
  return (
    <ul className="mt-3 space-y-2">
      {actions.map((action, index) => {
        const variant = DESTRUCTIVE.has(action.type) ? "danger" : index === 0 ? "primary" : "secondary";
        return (
          <li key={action.type}>
            {ASKS_FIRST.has(action.type) ? (
              <LinkButton href={`${base}?act=${action.type}`} variant={variant}>
                {action.text}
              </LinkButton>
            ) : (
              <HostedForm action={`${base}/act`} csrf={csrf}>
                <input type="hidden" name="action" value={action.type} />
                <SubmitButton variant={variant}>{action.text}</SubmitButton>
              </HostedForm>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function AskPanel({
  code,
  t,
  locale,
  currency,
  base,
  csrf,
  shippingCovered,
  labelOptions = [],
}: {
  /** What the label form offers (lib/shipping/label-prices.ts), when the action buys a label. */
  labelOptions?: LabelOption[];
  code: number;
  t: Messages;
  locale: Locale;
  currency: string;
  base: string;
  csrf: string | null;
  shippingCovered: bigint;
}) {
  const ask = t.status.asks[actionName(code) ?? ""]!;
  return (
    <section aria-labelledby="ask-title" className="mt-5 rounded-xl border border-slate-300 p-4">
      <h2 id="ask-title" className="text-lg font-semibold">
        {ask.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{ask.body}</p>
      {code === ACTION.buyDeliveryLabel && shippingCovered > 0n && (
        <p className="mt-2 text-sm text-slate-700">
          {t.status.labelCovered(formatMoney(shippingCovered, currency, locale))}
        </p>
      )}
      <HostedForm action={`${base}/act`} csrf={csrf} className="mt-4 space-y-4">
        <input type="hidden" name="action" value={code} />
        {NEEDS_REASON.has(code) && (
          <div>
            <label htmlFor="reason" className="block text-sm font-medium text-slate-800">
              {t.status.reasonLabel}
            </label>
            <textarea
              id="reason"
              name="reason"
              required
              maxLength={2000}
              rows={4}
              aria-describedby="reason-hint"
              className="mt-1 w-full rounded-xl border border-slate-400 px-3 py-2"
            />
            <p id="reason-hint" className="mt-1 text-xs text-slate-600">
              {t.status.reasonHint}
            </p>
          </div>
        )}
        {BUYS_LABEL.has(code) && <LabelChoice t={t} locale={locale} currency={currency} options={labelOptions} />}
        <SubmitButton variant={DESTRUCTIVE.has(code) ? "danger" : "primary"}>{ask.confirm}</SubmitButton>
      </HostedForm>
      <div className="mt-2">
        <LinkButton href={base} variant="quiet">
          {t.status.cancel}
        </LinkButton>
      </div>
    </section>
  );
}

/** Carrier and parcel size in one choice, each with its price (no script to recompute a total). */
function LabelChoice({
  t,
  locale,
  currency,
  options,
}: {
  t: Messages;
  locale: Locale;
  currency: string;
  options: LabelOption[];
}) {
  const kilograms = (grams: number) => (grams / 1000).toLocaleString(INTL_LOCALE[locale]);
  const sizes = [...new Set(options.map((option) => option.weightGrams))];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">
        {t.status.carrier} · {t.status.weight}
      </legend>
      <div className="mt-2 space-y-3">
        {sizes.map((grams) => (
          <div key={grams} role="group" aria-label={t.status.upTo(kilograms(grams))}>
            <p className="text-sm text-slate-600" aria-hidden="true">
              {t.status.upTo(kilograms(grams))}
            </p>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {options
                .filter((option) => option.weightGrams === grams)
                .map((option) => (
                  <label
                    key={option.carrier}
                    className={
                      "flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 " +
                      "py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                    }
                  >
                    <input
                      type="radio"
                      name="choice"
                      value={`${option.carrier}:${grams}`}
                      required
                      className="h-4 w-4 accent-brand-600"
                    />
                    <span className="text-sm">
                      <span className="block font-medium">{option.carrierName}</span>
                      <span className="block tabular-nums text-slate-700">
                        {formatMoney(option.priceMinor, currency, locale)}
                      </span>
                    </span>
                  </label>
                ))}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function Parcels({
  labels,
  t,
  role,
  base,
}: {
  labels: ShipmentLabel[];
  t: Messages;
  /** Who looks: the party who sends a leg's parcel prints its label. */
  role: Role;
  base: string;
}) {
  const sends = (label: ShipmentLabel) => (label.leg === "Delivery" ? role === "payee" : role === "payer");
  if (labels.length === 0) return null;
  return (
    <section aria-labelledby="parcels-title" className="mt-6">
      <h2 id="parcels-title" className="text-base font-semibold">
        {t.status.parcels}
      </h2>
      <ul className="mt-2 space-y-2">
        {labels.map((label) => (
          <li key={label.id} className="rounded-xl bg-slate-50 px-4 py-3 text-sm">
            <p className="font-medium">
              {label.leg === "Delivery" ? t.status.delivery : t.status.return} ·{" "}
              {carrierCatalogue().carriers[label.carrier as CarrierId]?.name ?? label.carrier}
            </p>
            {label.labelCode && (
              <p className="text-slate-700">
                {t.status.labelCode}: <span className="font-mono">{label.labelCode}</span>
              </p>
            )}
            {label.labelCode && label.providerReference && sends(label) && (
              <a
                href={`${base}/labels/${label.id}`}
                className="mt-1 mr-4 inline-block font-medium text-brand-700 underline underline-offset-4"
              >
                {t.status.printLabel}
              </a>
            )}
            {label.trackingUrl && (
              <a
                href={label.trackingUrl}
                className="mt-1 inline-block font-medium text-brand-700 underline underline-offset-4"
              >
                {t.status.track}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Timeline({ steps, t, locale }: { steps: TimelineEntryResponse[]; t: Messages; locale: Locale }) {
  return (
    <section aria-labelledby="timeline-title" className="mt-6">
      <h2 id="timeline-title" className="text-base font-semibold">
        {t.status.progress}
      </h2>
      <ol className="mt-3 space-y-3">
        {steps.map((step) => {
          const done = step.state === TIMELINE_STATE.done;
          const current = step.state === TIMELINE_STATE.current;
          const skipped = step.state === TIMELINE_STATE.skipped;
          return (
            <li key={step.id} className="flex gap-3" aria-current={current ? "step" : undefined}>
              <span
                aria-hidden="true"
                className={`mt-1.5 h-3 w-3 flex-none rounded-full ${done ? "bg-emerald-600" : current ? "bg-brand-600 ring-4 ring-brand-100" : "border border-slate-400 bg-white"}`}
              />
              <span className={skipped ? "text-slate-500 line-through" : ""}>
                <span className={`block ${current ? "font-semibold" : "font-medium"}`}>{step.title}</span>
                <span className="block text-sm text-slate-600">
                  {step.date
                    ? formatDateTime(step.date, "minute", locale)
                    : step.detailsDeadlineDescription || step.description}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
