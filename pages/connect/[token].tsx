// The hosted connect page (Initiate user connect's redirectUrl): sign in with the national eID
// (simulated here), consent to the marketplace, and back to the tenant.
import type { PageConfig } from "next";
import { Finished } from "@/components/hosted/finished.tsx";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import { ConsentStep, SignInStep } from "@/components/hosted/identity-steps.tsx";
import { Alert, HostedForm, SubmitButton } from "@/components/hosted/ui.tsx";
import { param, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { hostedPageProps } from "@/components/hosted/hosted-page-props.ts";
import StaticPage from "@/components/static-page.tsx";
import { openHostedPage } from "@/components/hosted/open-hosted-page.tsx";
import { declaredAddressErrors } from "@/lib/hosted/declared-address.ts";
import { identityStep, requiredKycLevel, testPeopleFor } from "@/lib/hosted/identity-step.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";

// Plain HTML forms: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = hostedPageProps("Connect", (t) => t.identity.signInTitle, ConnectPage);
export default StaticPage;

async function ConnectPage(props: HostedPageProps<"Connect">) {
  const opened = openHostedPage("Connect", props);
  if ("problem" in opened) return opened.problem;
  const { page, session, shell, base, search } = opened;
  const { t } = page;
  const marketplace = shell.marketplace!;

  if (session.state !== "Open") {
    const connected = session.state === "Completed";
    return (
      <HostedShell {...shell}>
        <Finished
          tone={connected ? "success" : "neutral"}
          title={connected ? t.identity.connectedTitle : t.identity.cancelledTitle}
          body={connected ? t.identity.connectedBody(marketplace) : t.identity.cancelledBody(marketplace)}
          target={returnTarget(session, connected ? { kind: "success" } : { kind: "cancel", reason: "cancelled" })}
          targetLabel={t.common.returnTo(marketplace)}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }

  const step = await identityStep(session, page.signInToken, param(search.again) === "1");
  const common = { t, marketplace, csrf: session.csrfToken, base };
  // Why the person is back on the page: a sign-in cancelled or refused at the eID broker.
  const error = param(search.error);
  return (
    <HostedShell {...shell}>
      {error && t.errors[error] && <Alert tone="error">{t.errors[error]}</Alert>}
      {step.step === "sign-in" ? (
        <SignInStep
          {...common}
          people={testPeopleFor(session)}
          needsPassport={requiredKycLevel(session) === 2}
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
      <HostedForm
        action={`${base}/${step.step === "consent" ? "decline" : "cancel"}`}
        csrf={session.csrfToken}
        className="mt-3"
      >
        <SubmitButton variant="quiet">
          {step.step === "consent" ? t.identity.decline : t.common.cancelAndReturn(marketplace)}
        </SubmitButton>
      </HostedForm>
    </HostedShell>
  );
}
