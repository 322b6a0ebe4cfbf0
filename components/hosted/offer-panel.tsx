// The price-reduction offer on the hosted status page: the payee types an amount, sees what each
// party would end up with (computed on the server, so the page works without JavaScript), and
// sends it; the payer sees the open offer with the same figures and accepts or declines it.
import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/dates.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { formatMoney } from "@/lib/money/format.ts";
import { amountFieldText } from "@/lib/money/amount-text.ts";
import type { SettlementSplit } from "@/lib/money/settlement.ts";
import type { OfferAmount, offerView } from "@/lib/hosted/offer-flow.ts";
import type { Locale } from "@/lib/locale.ts";
import { HostedForm, LinkButton, SubmitButton } from "./ui.tsx";

type View = NonNullable<ReturnType<typeof offerView>>;
interface Common {
  view: View;
  t: Messages;
  locale: Locale;
  currency: string;
  base: string;
  csrf: string | null;
}

export function OfferPanel(props: Common & { typed: string | undefined; preview: OfferAmount | null }) {
  return props.view.role === "payee" ? <PayeeOffer {...props} /> : <PayerAnswer {...props} />;
}

function PayeeOffer({
  view,
  t,
  locale,
  currency,
  base,
  csrf,
  typed,
  preview,
}: Common & { typed: string | undefined; preview: OfferAmount | null }) {
  const money = (minor: bigint) => formatMoney(minor, currency, locale);
  const o = t.status.offer;
  return (
    <section aria-labelledby="offer-title" className="mt-5 rounded-xl border border-slate-300 p-4">
      <h2 id="offer-title" className="text-lg font-semibold">
        {o.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{o.intro}</p>
      {view.open && (
        <p className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
          {o.yourOffer(
            money(view.open.refundMinor),
            view.open.lapsesAt ? formatDateTime(view.open.lapsesAt, "minute", locale) : "—",
          )}{" "}
          {o.replaces}
        </p>
      )}
      {preview?.ok ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">{o.ifAccepted}</h3>
          <Figures
            rows={[
              [o.buyerGetsBack, money(preview.split.refundMinor)],
              [o.youReceive, money(preview.split.payeePayoutMinor)],
            ]}
          />
          <HostedForm action={`${base}/offer`} csrf={csrf} className="mt-4">
            <input type="hidden" name="refund" value={amountFieldText(preview.refundMinor)} />
            <SubmitButton>{o.send}</SubmitButton>
          </HostedForm>
          <div className="mt-2">
            <LinkButton href={`${base}?offer=${encodeURIComponent(typed ?? "")}&edit=1`} variant="quiet">
              {o.change}
            </LinkButton>
          </div>
        </>
      ) : (
        // A GET form: the amount comes back to this page, which shows the figures before anything is sent.
        <form method="get" action={base} className="mt-4 space-y-3">
          <div>
            <label htmlFor="offer-amount" className="block text-sm font-medium text-slate-800">
              {o.amountLabel} ({currency})
            </label>
            <input
              id="offer-amount"
              name="offer"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={20}
              defaultValue={typed}
              aria-describedby="offer-hint"
              aria-invalid={preview && !preview.ok ? true : undefined}
              className="mt-1 w-full rounded-xl border border-slate-400 px-3 py-2 tabular-nums"
            />
            <p id="offer-hint" className="mt-1 text-xs text-slate-600">
              {o.amountHint(money(view.maxMinor!))}
            </p>
            {preview && !preview.ok && (
              <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                {t.errors[preview.error]}
              </p>
            )}
          </div>
          <SubmitButton variant="secondary">{o.preview}</SubmitButton>
        </form>
      )}
    </section>
  );
}

function PayerAnswer({ view, t, locale, currency, base, csrf }: Common) {
  const open = view.open!;
  const money = (minor: bigint) => formatMoney(minor, currency, locale);
  const o = t.status.offer;
  const refund = <input type="hidden" name="refund" value={amountFieldText(open.refundMinor)} />;
  return (
    <section aria-labelledby="offer-title" className="mt-5 rounded-xl border border-brand-600 p-4">
      <h2 id="offer-title" className="text-lg font-semibold">
        {o.payerTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{o.payerBody(money(open.refundMinor))}</p>
      <Figures rows={figureRows(open.split, o, money)} />
      {open.lapsesAt && (
        <p className="mt-2 text-sm text-slate-700">{o.lapses(formatDateTime(open.lapsesAt, "minute", locale))}</p>
      )}
      <HostedForm action={`${base}/accept-offer`} csrf={csrf} className="mt-4">
        {refund}
        <SubmitButton>{o.accept}</SubmitButton>
      </HostedForm>
      <p className="mt-1 text-xs text-slate-600">{o.acceptNote}</p>
      <HostedForm action={`${base}/decline-offer`} csrf={csrf} className="mt-3">
        {refund}
        <SubmitButton variant="secondary">{o.decline}</SubmitButton>
      </HostedForm>
    </section>
  );
}

const figureRows = (
  split: SettlementSplit,
  o: Messages["status"]["offer"],
  money: (minor: bigint) => string,
): [string, string][] => [
  [o.youGetBack, money(split.refundMinor)],
  [o.sellerReceives, money(split.payeePayoutMinor)],
];

function Figures({ rows }: { rows: [ReactNode, string][] }) {
  return (
    <dl className="mt-2 divide-y divide-slate-200 rounded-lg bg-slate-50 px-3">
      {rows.map(([label, amount], index) => (
        <div key={index} className="flex items-baseline justify-between gap-4 py-2">
          <dt className="text-sm text-slate-700">{label}</dt>
          <dd className="font-semibold tabular-nums">{amount}</dd>
        </div>
      ))}
    </dl>
  );
}
