// The hosted connect page (Initiate user connect's redirectUrl): sign in with the national eID
// (simulated here), consent to the marketplace, and back to the tenant.
import type { Metadata } from "next";
import { Finished } from "@/components/hosted/finished.tsx";
import { HostedShell, shellFor } from "@/components/hosted/hosted-shell.tsx";
import { ConsentStep, SignInStep } from "@/components/hosted/identity-steps.tsx";
import { LinkProblemPage } from "@/components/hosted/link-problem.tsx";
import { HostedForm, SubmitButton } from "@/components/hosted/ui.tsx";
import { loadHostedPage, param } from "@/lib/hosted/hosted-page.ts";
import { hostedPagePath } from "@/lib/hosted/hosted-paths.ts";
import { identityProvider, identityStep, requiredKycLevel } from "@/lib/hosted/identity-step.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await loadHostedPage("Connect", (await params).token, param((await searchParams).lang));
  return { title: page.t.identity.signInTitle, robots: { index: false, follow: false } };
}

export default async function ConnectPage({ params, searchParams }: Props) {
  const [{ token }, search] = await Promise.all([params, searchParams]);
  const page = await loadHostedPage("Connect", token, param(search.lang));
  const base = hostedPagePath("Connect", token);
  const { opened, t, locale } = page;
  if (!opened.ok) return <LinkProblemPage page={page} problem={opened.problem} session={opened.session} path={base} />;
  const { session } = opened;
  const shell = shellFor(page, session, base);
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
  const common = { t, locale, marketplace, csrf: session.csrfToken, base };
  return (
    <HostedShell {...shell}>
      {step.step === "sign-in" ? (
        <SignInStep {...common} people={identityProvider.testIdentities()} needsPassport={requiredKycLevel(session) === 2} higherLevelNeeded={step.higherLevelNeeded} />
      ) : (
        <ConsentStep {...common} identity={step.identity} level={step.level} />
      )}
      <HostedForm action={`${base}/${step.step === "consent" ? "decline" : "cancel"}`} csrf={session.csrfToken} className="mt-3">
        <SubmitButton variant="quiet">{step.step === "consent" ? t.identity.decline : t.common.cancelAndReturn(marketplace)}</SubmitButton>
      </HostedForm>
    </HostedShell>
  );
}
