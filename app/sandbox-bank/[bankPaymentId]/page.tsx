// The simulated rail's bank page (lib/payments/simulated-rail): where a sandbox payer pays, as a
// live payer pays on the rail's own page. Test instruments approve, decline, or ask to confirm
// with the bank or in the wallet app; the bank then sends its signed callback to us and the
// browser back to the shop's return address.
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { Alert, HostedForm, RadioCard, SubmitButton } from "@/components/hosted/ui.tsx";
import { LANGUAGE_COOKIE } from "@/lib/hosted/cookies.ts";
import { messagesFor, pickLocale } from "@/lib/i18n/index.ts";
import { formatMoney } from "@/lib/money/format.ts";
import { findBankPayment } from "@/lib/payments/simulated-rail/bank.ts";
import { TEST_INSTRUMENTS, testInstrument } from "@/lib/payments/simulated-rail/instruments.ts";
import { bankPagePath } from "@/lib/payments/simulated-rail/rail.ts";

export const metadata: Metadata = { title: "Sandbox bank", robots: { index: false } };

type Props = { params: Promise<{ bankPaymentId: string }>; searchParams: Promise<Record<string, string | string[]>> };

export default async function SandboxBankPage({ params, searchParams }: Props) {
  const { bankPaymentId } = await params;
  const payment = await findBankPayment(bankPaymentId);
  if (!payment) notFound();
  const locale = pickLocale(
    (await cookies()).get(LANGUAGE_COOKIE)?.value ?? (await headers()).get("accept-language"),
    "en",
  );
  const t = messagesFor(locale);
  const amount = formatMoney(payment.amountMinor, payment.currency, locale);
  const base = bankPagePath(payment.id);
  const { error } = await searchParams;

  return (
    <main lang={locale} className="mx-auto min-h-screen max-w-md px-4 py-8">
      <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{t.bank.heading}</p>
      <p className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">{t.bank.sandboxOnly}</p>
      {payment.state === "succeeded" ? (
        <section className="mt-6">
          <h1 className="text-2xl font-semibold">{t.bank.paidTitle}</h1>
          <p className="mt-2 text-slate-700">{t.bank.paidBody}</p>
          <a className="mt-5 inline-block font-medium text-brand-700 underline" href={payment.returnUrl}>
            {t.bank.continue}
          </a>
        </section>
      ) : payment.state === "expired" ? (
        <section className="mt-6">
          <h1 className="text-2xl font-semibold">{t.bank.closedTitle}</h1>
          <p className="mt-2 text-slate-700">{t.bank.closedBody}</p>
          <a className="mt-5 inline-block font-medium text-brand-700 underline" href={payment.cancelUrl}>
            {t.bank.back}
          </a>
        </section>
      ) : payment.state === "awaiting_confirmation" ? (
        <section className="mt-6" aria-labelledby="confirm-title">
          <h1 id="confirm-title" className="text-2xl font-semibold text-balance">
            {testInstrument(payment.method ?? "")?.confirmsIn === "app" ? t.confirm.walletTitle : t.confirm.bankTitle}
          </h1>
          <p className="mt-2 text-slate-700">
            {testInstrument(payment.method ?? "")?.confirmsIn === "app"
              ? t.confirm.walletBody(amount)
              : t.confirm.bankBody(amount)}
          </p>
          <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">{t.confirm.simulated}</p>
          <HostedForm action={`${base}/confirm`} csrf={null} className="mt-5 space-y-3">
            <SubmitButton name="answer" value="approve">
              {t.confirm.approve}
            </SubmitButton>
            <SubmitButton name="answer" value="reject" variant="secondary">
              {t.confirm.reject}
            </SubmitButton>
          </HostedForm>
        </section>
      ) : (
        <section className="mt-6">
          <h1 className="text-2xl font-semibold tabular-nums">{t.bank.payTo(amount)}</h1>
          <p className="mt-1 text-slate-700 break-words">{payment.description}</p>
          {error === "declined" && <Alert tone="error">{t.bank.declined}</Alert>}
          {error === "not_confirmed" && <Alert tone="error">{t.bank.notConfirmed}</Alert>}
          <HostedForm action={`${base}/pay`} csrf={null} className="mt-6 space-y-4">
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium text-slate-800">{t.bank.method}</legend>
              {TEST_INSTRUMENTS.map((instrument, index) => (
                <RadioCard
                  key={instrument.id}
                  name="method"
                  value={instrument.id}
                  defaultChecked={index === 0}
                  title={
                    instrument.kind === "card"
                      ? t.methods.card(instrument.brand, instrument.last4 ?? "")
                      : t.methods.wallet
                  }
                  detail={instrument.kind === "wallet" ? t.methods.test.wallet : t.methods.test[instrument.behaviour]}
                />
              ))}
            </fieldset>
            <SubmitButton>{t.bank.pay}</SubmitButton>
          </HostedForm>
          <a className="mt-4 inline-block text-sm text-slate-700 underline" href={payment.cancelUrl}>
            {t.bank.back}
          </a>
        </section>
      )}
    </main>
  );
}
