// The hosted payment flow (Initiate payment flow's redirectUrl): pay one pending payment, the
// escrow payment or a shipping label, at the payment rail's page, then back to the tenant (or to the
// status page that sent you).
import type { PageConfig } from "next";
import { Finished } from "@/components/hosted/finished.tsx";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import { CancelFlow, PayAtRail } from "@/components/hosted/pay-steps.tsx";
import { Alert } from "@/components/hosted/ui.tsx";
import { param, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { hostedPageProps } from "@/components/hosted/hosted-page-props.ts";
import StaticPage from "@/components/static-page.tsx";
import { openHostedPage } from "@/components/hosted/open-hosted-page.tsx";
import { INTL_LOCALE } from "@/lib/locale.ts";
import { formatMoney } from "@/lib/money/format.ts";
import { loadPaymentFlow } from "@/lib/hosted/payment-flow.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";
import { carrierCatalogue, paymentRailIsSimulated } from "@/lib/outside-parties.ts";
import type { CarrierId } from "@/lib/shipping/carrier.ts";

// Plain HTML forms: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = hostedPageProps("PaymentFlow", (t) => t.payment.pageTitle, PaymentFlowPage);
export default StaticPage;

async function PaymentFlowPage(props: HostedPageProps<"PaymentFlow">) {
  const opened = openHostedPage("PaymentFlow", props);
  if ("problem" in opened) return opened.problem;
  const { page, session, shell, base, search } = opened;
  const { t, locale } = page;
  const marketplace = shell.marketplace!;
  const back = t.common.returnTo(marketplace);
  const { payment, trade, label } = await loadPaymentFlow(session);

  if (session.state === "Completed") {
    return (
      <HostedShell {...shell}>
        <Finished
          title={t.payment.paidTitle}
          body={t.payment.paidBody}
          target={returnTarget(session, { kind: "success" })}
          targetLabel={back}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }
  if (session.state !== "Open" || payment.state !== "Pending") {
    const cancelled = session.state !== "Open";
    return (
      <HostedShell {...shell}>
        <Finished
          tone="neutral"
          title={cancelled ? t.payment.cancelledTitle : t.payment.notPayableTitle}
          body={cancelled ? t.payment.cancelledBody : t.payment.notPayableBody}
          target={returnTarget(session, { kind: "cancel", reason: cancelled ? "cancelled" : "trade_unavailable" })}
          targetLabel={back}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }

  const amount = formatMoney(payment.amountMinor, payment.currency, locale);
  const cancel = <CancelFlow base={base} csrf={session.csrfToken} label={t.common.cancelAndReturn(marketplace)} />;
  const error = param(search.error);
  const carrier = label ? (carrierCatalogue().carriers[label.carrier as CarrierId]?.name ?? label.carrier) : null;
  return (
    <HostedShell {...shell}>
      <p className="text-sm font-medium text-brand-700">{t.payment.purpose[payment.purpose]}</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{amount}</h1>
      <p className="mt-1 text-slate-700 break-words">{t.payment.forTrade(trade.title)}</p>
      {label && carrier && (
        <p className="mt-1 text-sm text-slate-600">
          {t.payment.label(carrier, (label.expectedMaxWeightGrams / 1000).toLocaleString(INTL_LOCALE[locale]))}
        </p>
      )}
      {error && t.errors[error] && <Alert tone="error">{t.errors[error]}</Alert>}
      <PayAtRail
        t={t}
        base={base}
        csrf={session.csrfToken}
        payLabel={t.checkout.pay(amount)}
        sandbox={paymentRailIsSimulated(session.mode)}
      />
      {cancel}
    </HostedShell>
  );
}
