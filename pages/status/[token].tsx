// The hosted trade status page (Get trade status link): the party's own status, deadline, what
// they pay or receive, the actions they may take now, their parcels and the timeline.
import type { PageConfig } from "next";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import { OfferPanel } from "@/components/hosted/offer-panel.tsx";
import { ActionList, AskPanel, Parcels, Timeline } from "@/components/hosted/status-parts.tsx";
import { Alert, LinkButton } from "@/components/hosted/ui.tsx";
import { param, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { hostedPageProps } from "@/components/hosted/hosted-page-props.ts";
import StaticPage from "@/components/static-page.tsx";
import { openHostedPage } from "@/components/hosted/open-hosted-page.tsx";
import { formatMoney } from "@/lib/money/format.ts";
import { payeeReceivesMinor } from "@/lib/money/settlement.ts";
import { offerView, readOfferAmount } from "@/lib/hosted/offer-flow.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";
import { ASKS_FIRST, BUYS_LABEL, loadStatus, offeredLabels } from "@/lib/hosted/status-flow.ts";
import { actionName } from "@/lib/trades/presentation/codes.ts";

// Plain HTML forms: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = hostedPageProps("TradeStatus", (t) => t.status.pageTitle, StatusPage);
export default StaticPage;

async function StatusPage(props: HostedPageProps<"TradeStatus">) {
  const opened = openHostedPage("TradeStatus", props);
  if ("problem" in opened) return opened.problem;
  const { page, session, shell, base, search } = opened;
  const { t, locale } = page;
  const { trade, role, party, labels } = await loadStatus(session, locale);
  const { status } = party;
  const actions = status.actions ?? [];
  const asked = Number(param(search.act));
  const asking = ASKS_FIRST.has(asked) && actions.some((a) => a.type === asked) ? asked : null;
  // ?done= is "paid" (back from paying) or the code of the action just taken.
  const done = param(search.done);
  const doneText = done === "paid" ? t.status.done.paid : t.status.done[actionName(Number(done)) ?? ""];
  const error = param(search.error);
  const back = returnTarget(session, { kind: "return" });
  const offer = offerView(trade, role);
  // ?offer=<typed amount> is the payee's preview: the figures are shown before anything is sent.
  const typed = offer?.role === "payee" ? param(search.offer) : undefined;
  const preview = typed === undefined ? null : readOfferAmount(trade, typed, locale);
  const showPreview = preview !== null && (param(search.edit) !== "1" || !preview.ok) ? preview : null;

  return (
    <HostedShell {...shell}>
      <p className="text-sm font-medium text-slate-600 break-words">{trade.title}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance">{status.title}</h1>
      {status.description && <p className="mt-2 text-slate-700">{status.description}</p>}
      {doneText && <Alert tone="success">{doneText}</Alert>}
      {error && t.errors[error] && <Alert tone="error">{t.errors[error]}</Alert>}
      {status.deadlineDescription && (
        <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <span className="font-medium">{t.status.deadline}: </span>
          {status.deadlineDescription}
        </p>
      )}
      <dl className="mt-4 flex items-baseline justify-between gap-4 border-y border-slate-200 py-3">
        <dt className="text-slate-600">{role === "payer" ? t.status.youPay : t.status.youReceive}</dt>
        <dd className="text-lg font-semibold tabular-nums">
          {formatMoney(role === "payer" ? trade.payerTotalMinor : payeeReceivesMinor(trade), trade.currency, locale)}
        </dd>
      </dl>
      {role === "payer" && trade.settlementRefundMinor !== null && (
        <dl className="flex items-baseline justify-between gap-4 border-b border-slate-200 py-3">
          <dt className="text-slate-600">{t.status.settledBack}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {formatMoney(trade.settlementRefundMinor, trade.currency, locale)}
          </dd>
        </dl>
      )}

      {asking !== null ? (
        <AskPanel
          code={asking}
          t={t}
          locale={locale}
          currency={trade.currency}
          base={base}
          csrf={session.csrfToken}
          shippingCovered={trade.shippingPayerMinor}
          labelOptions={BUYS_LABEL.has(asking) ? await offeredLabels(trade, asking) : []}
        />
      ) : (
        <>
          {offer && (
            <OfferPanel
              view={offer}
              typed={typed}
              preview={showPreview}
              t={t}
              locale={locale}
              currency={trade.currency}
              base={base}
              csrf={session.csrfToken}
            />
          )}
          {actions.length > 0 && typed === undefined && (
            <section aria-labelledby="actions-title" className="mt-5">
              <h2 id="actions-title" className="text-base font-semibold">
                {t.status.whatNow}
              </h2>
              <ActionList actions={actions} base={base} csrf={session.csrfToken} />
            </section>
          )}
        </>
      )}
      <Parcels labels={labels} t={t} role={role} base={base} />
      <Timeline steps={party.timeline} t={t} locale={locale} />
      {back && (
        <div className="mt-6">
          <LinkButton href={back} variant="secondary">
            {t.common.returnTo(shell.marketplace!)}
          </LinkButton>
        </div>
      )}
    </HostedShell>
  );
}
