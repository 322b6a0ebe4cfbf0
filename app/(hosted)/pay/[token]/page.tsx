// The hosted payment flow (Initiate payment flow's redirectUrl): pay one pending payment, the
// escrow payment or a shipping label, then back to the tenant (or to the status page that sent you).
import type { Metadata } from "next";
import { Finished } from "@/components/hosted/finished.tsx";
import { HostedShell, shellFor } from "@/components/hosted/hosted-shell.tsx";
import { LinkProblemPage } from "@/components/hosted/link-problem.tsx";
import { CancelFlow, ConfirmPayment, PaymentMethods } from "@/components/hosted/pay-steps.tsx";
import { Alert } from "@/components/hosted/ui.tsx";
import { loadHostedPage, param } from "@/lib/hosted/hosted-page.ts";
import { hostedPagePath } from "@/lib/hosted/hosted-paths.ts";
import { formatMoney } from "@/lib/hosted/i18n/index.ts";
import { loadPaymentFlow } from "@/lib/hosted/payment-flow.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";
import { paymentRail } from "@/lib/payments/simulated-payment-rail.ts";
import { CARRIERS } from "@/lib/shipping/simulated-carriers.ts";
import type { CarrierId } from "@/lib/shipping/carrier.ts";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await loadHostedPage("PaymentFlow", (await params).token, param((await searchParams).lang));
  return { title: page.t.payment.pageTitle, robots: { index: false, follow: false } };
}

export default async function PaymentFlowPage({ params, searchParams }: Props) {
  const [{ token }, search] = await Promise.all([params, searchParams]);
  const page = await loadHostedPage("PaymentFlow", token, param(search.lang));
  const base = hostedPagePath("PaymentFlow", token);
  const { opened, t, locale } = page;
  if (!opened.ok) return <LinkProblemPage page={page} problem={opened.problem} session={opened.session} path={base} />;
  const { session } = opened;
  const shell = shellFor(page, session, base);
  const marketplace = shell.marketplace!;
  const back = t.common.returnTo(marketplace);
  const { payment, trade, label } = await loadPaymentFlow(session);

  if (session.state === "Completed") {
    return (
      <HostedShell {...shell}>
        <Finished title={t.payment.paidTitle} body={t.payment.paidBody} target={returnTarget(session, { kind: "success" })} targetLabel={back} closeHint={t.common.closePage} />
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
  if (session.pendingPaymentId) {
    const method = paymentRail.paymentMethods().find((m) => m.id === session.pendingMethod);
    return (
      <HostedShell {...shell}>
        <ConfirmPayment t={t} by={method?.kind === "wallet" ? "wallet" : "bank"} amount={amount} base={base} csrf={session.csrfToken} />
        {cancel}
      </HostedShell>
    );
  }
  const error = param(search.error);
  const carrier = label ? (CARRIERS[label.carrier as CarrierId]?.name ?? label.carrier) : null;
  return (
    <HostedShell {...shell}>
      <p className="text-sm font-medium text-brand-700">{t.payment.purpose[payment.purpose]}</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{amount}</h1>
      <p className="mt-1 text-slate-700 break-words">{t.payment.forTrade(trade.title)}</p>
      {label && carrier && <p className="mt-1 text-sm text-slate-600">{t.payment.label(carrier, (label.expectedMaxWeightGrams / 1000).toLocaleString(locale === "da" ? "da-DK" : "en-GB"))}</p>}
      {error && t.errors[error] && <Alert tone="error">{t.errors[error]}</Alert>}
      <PaymentMethods t={t} methods={paymentRail.paymentMethods()} base={base} csrf={session.csrfToken} payLabel={t.checkout.pay(amount)} sandbox={session.mode === "test"} />
      {cancel}
    </HostedShell>
  );
}
