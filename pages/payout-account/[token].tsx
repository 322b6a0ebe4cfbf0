// The hosted payout account page (Initiate select payout account): choose one of your accounts or
// enter a new one (IBAN, or Danish registration and account number), then back to the tenant.
import type { PageConfig } from "next";
import { Finished } from "@/components/hosted/finished.tsx";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import { LinkProblemPage } from "@/components/hosted/link-problem.tsx";
import { Alert, HostedForm, RadioCard, SubmitButton } from "@/components/hosted/ui.tsx";
import { param, type HostedPageProps } from "@/lib/hosted/hosted-page.ts";
import { hostedPageProps } from "@/components/hosted/hosted-page-props.ts";
import StaticPage from "@/components/static-page.tsx";
import { openHostedPage } from "@/components/hosted/open-hosted-page.tsx";
import { loadPayoutAccounts } from "@/lib/hosted/payout-account-flow.ts";
import { returnTarget } from "@/lib/hosted/return-target.ts";
import { lastDigits } from "@/lib/payments/bank-account.ts";

// Plain HTML forms: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = hostedPageProps("PayoutAccount", (t) => t.payout.pageTitle, PayoutAccountPage);
export default StaticPage;

async function PayoutAccountPage(props: HostedPageProps<"PayoutAccount">) {
  const opened = openHostedPage("PayoutAccount", props);
  if ("problem" in opened) return opened.problem;
  const { page, session, shell, base, search } = opened;
  const { t } = page;
  const loaded = await loadPayoutAccounts(session);
  if (!loaded) return <LinkProblemPage page={page} problem="unknown" session={null} path={base} />;
  const { person, accounts } = loaded;

  if (session.state !== "Open") {
    const saved = session.state === "Completed";
    return (
      <HostedShell {...shell}>
        <Finished
          tone={saved ? "success" : "neutral"}
          title={saved ? t.payout.savedTitle : t.payout.cancelledTitle}
          body={
            saved
              ? t.payout.savedBody(person.bankAccountNumber ? lastDigits(person.bankAccountNumber) : "")
              : t.payout.cancelledBody
          }
          target={returnTarget(session, saved ? { kind: "return" } : { kind: "cancel", reason: "cancelled" })}
          targetLabel={t.common.returnTo(shell.marketplace!)}
          closeHint={t.common.closePage}
        />
      </HostedShell>
    );
  }
  const error = param(search.error);
  // After a refused number the new account stays chosen, its fields open.
  const newChosen = error !== undefined && error !== "choose";
  return (
    <HostedShell {...shell}>
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{t.payout.title}</h1>
      <p className="mt-2 text-slate-700">{t.payout.intro}</p>
      {error && t.errors[error] && <Alert tone="error">{t.errors[error]}</Alert>}
      <HostedForm action={`${base}/save`} csrf={session.csrfToken} className="mt-5 space-y-5">
        <fieldset className="group space-y-2">
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {accounts.length ? t.payout.yourAccounts : t.payout.newAccount}
          </legend>
          {accounts.map((account, index) => (
            <RadioCard
              key={account.id}
              name="account"
              value={account.id}
              defaultChecked={!newChosen && (account.current || (index === 0 && !accounts.some((a) => a.current)))}
              title={t.payout.endingIn(lastDigits(account.accountNumber))}
              detail={account.current ? `${account.holderName} · ${t.payout.inUse}` : account.holderName}
            />
          ))}
          {accounts.length > 0 && (
            <RadioCard
              id="account-new"
              name="account"
              value="new"
              defaultChecked={newChosen}
              title={t.payout.newAccount}
            />
          )}
          {accounts.length === 0 && <input type="hidden" name="account" value="new" />}
          {/* With saved accounts, the new account's fields show once "A new account" is chosen (CSS only). */}
          <div
            className={`space-y-3 rounded-xl bg-slate-50 p-3 ${accounts.length > 0 ? "hidden group-has-[#account-new:checked]:block" : ""}`}
          >
            <div>
              <label htmlFor="accountNumber" className="block text-sm font-medium text-slate-800">
                {t.payout.accountNumber}
              </label>
              <input
                id="accountNumber"
                name="accountNumber"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                inputMode="text"
                aria-describedby="accountNumber-hint"
                aria-invalid={error && error !== "choose" ? true : undefined}
                className="mt-1 w-full rounded-xl border border-slate-400 bg-white px-3 py-2.5 font-mono"
              />
              <p id="accountNumber-hint" className="mt-1 text-xs text-slate-600">
                {t.payout.accountNumberHint}
              </p>
            </div>
            <div>
              <label htmlFor="holderName" className="block text-sm font-medium text-slate-800">
                {t.payout.holderName}
              </label>
              <input
                id="holderName"
                name="holderName"
                autoComplete="name"
                defaultValue={person.name}
                maxLength={200}
                className="mt-1 w-full rounded-xl border border-slate-400 bg-white px-3 py-2.5"
              />
            </div>
          </div>
        </fieldset>
        <p className="text-sm text-slate-600">{t.payout.terms}</p>
        <SubmitButton>{t.payout.save}</SubmitButton>
      </HostedForm>
      {/* The way back without saving (the link is used up; the return says it was cancelled). */}
      <HostedForm action={`${base}/cancel`} csrf={session.csrfToken} className="mt-3">
        <SubmitButton variant="quiet">{t.common.cancelAndReturn(shell.marketplace!)}</SubmitButton>
      </HostedForm>
    </HostedShell>
  );
}
