// Paying: choose a method (the payment rail's), and, when the bank or the wallet asks, confirm.
import type { PaymentMethodOption } from "@/lib/payments/payment-rail.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { HostedForm, RadioCard, SubmitButton } from "./ui.tsx";

export function PaymentMethods({
  t,
  methods,
  base,
  csrf,
  payLabel,
  sandbox,
}: {
  t: Messages;
  methods: PaymentMethodOption[];
  base: string;
  csrf: string | null;
  payLabel: string;
  sandbox: boolean;
}) {
  return (
    <HostedForm action={`${base}/pay`} csrf={csrf} className="mt-6 space-y-4 md:first:mt-0">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">{t.checkout.method}</legend>
        {methods.map((method, index) => (
          <RadioCard
            key={method.id}
            name="method"
            value={method.id}
            defaultChecked={index === 0}
            title={method.kind === "card" ? t.methods.card(method.brand, method.last4 ?? "") : t.methods.wallet}
            detail={
              sandbox && method.testBehaviour
                ? method.kind === "wallet"
                  ? t.methods.test.wallet
                  : t.methods.test[method.testBehaviour]
                : undefined
            }
          />
        ))}
      </fieldset>
      <SubmitButton>{payLabel}</SubmitButton>
    </HostedForm>
  );
}

/** The bank's step-up page or the wallet's approval, as the simulated rail plays them. */
export function ConfirmPayment({
  t,
  by,
  amount,
  base,
  csrf,
}: {
  t: Messages;
  by: "bank" | "wallet";
  amount: string;
  base: string;
  csrf: string | null;
}) {
  return (
    <section aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="text-2xl font-semibold tracking-tight text-balance">
        {by === "bank" ? t.confirm.bankTitle : t.confirm.walletTitle}
      </h1>
      <p className="mt-2 text-slate-700">{by === "bank" ? t.confirm.bankBody(amount) : t.confirm.walletBody(amount)}</p>
      <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">{t.confirm.simulated}</p>
      <HostedForm action={`${base}/confirm`} csrf={csrf} className="mt-5 space-y-3">
        <SubmitButton name="answer" value="approve">
          {t.confirm.approve}
        </SubmitButton>
        <SubmitButton name="answer" value="reject" variant="secondary">
          {t.confirm.reject}
        </SubmitButton>
      </HostedForm>
    </section>
  );
}

export function CancelFlow({ base, csrf, label }: { base: string; csrf: string | null; label: string }) {
  return (
    <HostedForm action={`${base}/cancel`} csrf={csrf} className="mt-3">
      <SubmitButton variant="quiet">{label}</SubmitButton>
    </HostedForm>
  );
}

/** The confirmation step of a payment waiting for the bank or the wallet, with the way out. */
export function PendingConfirmation(props: {
  t: Messages;
  methods: PaymentMethodOption[];
  pendingMethod: string | null;
  amount: string;
  base: string;
  csrf: string | null;
  cancelLabel: string;
}) {
  const { t, methods, pendingMethod, amount, base, csrf, cancelLabel } = props;
  const method = methods.find((m) => m.id === pendingMethod);
  return (
    <>
      <ConfirmPayment
        t={t}
        by={method?.kind === "wallet" ? "wallet" : "bank"}
        amount={amount}
        base={base}
        csrf={csrf}
      />
      <CancelFlow base={base} csrf={csrf} label={cancelLabel} />
    </>
  );
}
