// The hosted checkout (Initiate trade's redirectUrl): confirm who you are if new, see what you buy
// and pay, pay into escrow at the payment rail's page, back to the tenant.
import type { PageConfig } from "next";
import { Finished } from "@/components/hosted/finished.tsx";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import { ConsentStep, SignInStep } from "@/components/hosted/identity-steps.tsx";
import { OrderSummary } from "@/components/hosted/order-summary.tsx";
import { CancelFlow, PayAtRail } from "@/components/hosted/pay-steps.tsx";
import { Alert, StepHeading } from "@/components/hosted/ui.tsx";
import { loadCheckout } from "@/lib/hosted/checkout-flow.ts";
import { param, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { hostedPageProps } from "@/components/hosted/hosted-page-props.ts";
import StaticPage from "@/components/static-page.tsx";
import { openHostedPage } from "@/components/hosted/open-hosted-page.tsx";
import { formatMoney } from "@/lib/money/format.ts";
import { declaredAddressErrors } from "@/lib/hosted/declared-address.ts";
import { identityStep, testPeopleFor } from "@/lib/hosted/identity-step.ts";
import { paymentRailIsSimulated } from "@/lib/outside-parties.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";

// Plain HTML forms: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = hostedPageProps("Checkout", (t) => t.checkout.pageTitle, CheckoutPage);
export default StaticPage;

async function CheckoutPage(props: HostedPageProps<"Checkout">) {
  const opened = openHostedPage("Checkout", props);
  if ("problem" in opened) return opened.problem;
  const { page, session, shell, base, search } = opened;
  const { t, locale } = page;
  const marketplace = shell.marketplace!;
  const back = t.common.returnTo(marketplace);

  if (session.state === "Completed") {
    return (
      <HostedShell {...shell}>
        <Finished
          title={t.checkout.paidTitle}
          body={t.checkout.paidBody}
          target={returnTarget(session, { kind: "success" })}
          targetLabel={back}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }
  if (session.state !== "Open") {
    return (
      <HostedShell {...shell}>
        <Finished
          tone="neutral"
          title={t.checkout.cancelledTitle}
          body={t.checkout.cancelledBody}
          target={returnTarget(session, { kind: "cancel", reason: "cancelled" })}
          targetLabel={back}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }

  const { trade, payerConnected, seller, payable } = await loadCheckout(session);
  if (!payable) {
    return (
      <HostedShell {...shell}>
        <Finished
          tone="neutral"
          title={t.checkout.notPayableTitle}
          body={t.checkout.notPayableBody}
          target={returnTarget(session, { kind: "cancel", reason: "trade_unavailable" })}
          targetLabel={back}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }
  const error = param(search.error);
  const errorAlert = error && t.errors[error] ? <Alert tone="error">{t.errors[error]}</Alert> : null;
  const cancel = <CancelFlow base={base} csrf={session.csrfToken} label={t.common.cancelAndReturn(marketplace)} />;
  const total = formatMoney(trade.payerTotalMinor, trade.currency, locale);

  // Step 1 of 2 when the payer is new: confirm who they are (and connect), then pay.
  if (!payerConnected) {
    const step = await identityStep(session, page.signInToken, param(search.again) === "1");
    const common = { t, marketplace, csrf: session.csrfToken, base, headingLevel: 2 as const };
    return (
      <HostedShell {...shell}>
        <OrderSummary trade={trade} t={t} locale={locale} seller={seller} compact />
        <hr className="my-5 border-slate-200" />
        <StepHeading step={1} of={2} stepOf={t.common.stepOf} />
        {errorAlert}
        {step.step === "sign-in" ? (
          <SignInStep
            {...common}
            people={testPeopleFor(session)}
            needsPassport={false}
            higherLevelNeeded={step.higherLevelNeeded}
          />
        ) : (
          <ConsentStep
            {...common}
            identity={step.identity}
            level={step.level}
            addressErrors={declaredAddressErrors(search)}
          />
        )}
        {cancel}
      </HostedShell>
    );
  }

  return (
    <HostedShell {...shell} wide>
      {session.identitySignInId && <StepHeading step={2} of={2} label={t.checkout.stepPay} stepOf={t.common.stepOf} />}
      <div className="md:grid md:grid-cols-2 md:gap-10">
        <OrderSummary trade={trade} t={t} locale={locale} seller={seller} />
        <div className="md:border-l md:border-slate-200 md:pl-10">
          {errorAlert}
          <PayAtRail
            t={t}
            base={base}
            csrf={session.csrfToken}
            payLabel={t.checkout.pay(total)}
            sandbox={paymentRailIsSimulated(session.mode)}
          />
          {cancel}
        </div>
      </div>
    </HostedShell>
  );
}
