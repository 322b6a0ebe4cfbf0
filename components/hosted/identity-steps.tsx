// "Confirm who you are": the national eID sign-in (simulated: pick a test person; a broker: its own
// page, after the button) and the consent to connect to the marketplace. Used by the connect page
// and by a checkout whose payer is new.
import type { VerifiedIdentity } from "@/lib/identity/identity-provider.ts";
import type { TestIdentity } from "@/lib/identity/identity-provider.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { Alert, HostedForm, RadioCard, SubmitButton } from "./ui.tsx";

interface Common {
  t: Messages;
  marketplace: string;
  csrf: string | null;
  /** The page's base path: forms post to `${base}/<action>`. */
  base: string;
}

export function SignInStep({
  t,
  marketplace,
  csrf,
  base,
  people,
  needsPassport,
  higherLevelNeeded,
  headingLevel = 1,
}: Common & { people: TestIdentity[]; needsPassport: boolean; higherLevelNeeded: boolean; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="sign-in-title">
      <Heading
        id="sign-in-title"
        className={`mt-1 font-semibold tracking-tight text-balance ${headingLevel === 1 ? "text-2xl" : "text-xl"}`}
      >
        {t.identity.signInTitle}
      </Heading>
      <p className="mt-2 text-slate-700">{t.identity.signInIntro(marketplace)}</p>
      {needsPassport && <p className="mt-2 text-slate-700">{t.identity.passportNeeded(marketplace)}</p>}
      {higherLevelNeeded && <Alert tone="info">{t.identity.higherLevelNeeded(marketplace)}</Alert>}
      <HostedForm action={`${base}/sign-in`} csrf={csrf} className="mt-5 space-y-4">
        {/* The simulated eID's test people; a real eID signs the person in on its own page. */}
        {people.length > 0 && (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">{t.identity.testPeople}</legend>
            {people.map((person, index) => (
              <RadioCard
                key={person.id}
                name="identity"
                value={person.id}
                defaultChecked={index === 0}
                title={person.label}
                detail={t.identity.testPersonDetail[person.detailKey]}
              />
            ))}
          </fieldset>
        )}
        <SubmitButton>{t.identity.signIn}</SubmitButton>
      </HostedForm>
    </section>
  );
}

export function ConsentStep({
  t,
  marketplace,
  csrf,
  base,
  identity,
  level,
  headingLevel = 1,
}: Common & { identity: VerifiedIdentity; level: 0 | 1 | 2; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section aria-labelledby="consent-title">
      <Heading
        id="consent-title"
        className={`mt-1 font-semibold tracking-tight text-balance ${headingLevel === 1 ? "text-2xl" : "text-xl"}`}
      >
        {t.identity.consentTitle(marketplace)}
      </Heading>
      <div className="mt-4 rounded-xl bg-slate-50 px-4 py-3">
        <p className="text-sm text-slate-600">{t.identity.signedInAs}</p>
        <p className="text-lg font-semibold">{identity.name}</p>
        <p className="text-sm text-slate-700">{t.identity.level[level]}</p>
      </div>
      <p className="mt-4 text-slate-700">{t.identity.consentShares(marketplace)}</p>
      <p className="mt-1 text-sm text-slate-600">{t.identity.consentNeverShared}</p>
      <HostedForm action={`${base}/consent`} csrf={csrf} className="mt-5">
        <SubmitButton>{t.identity.connect}</SubmitButton>
      </HostedForm>
      <p className="mt-3 text-center">
        <a href={`${base}?again=1`} className="text-sm font-medium text-brand-700 underline underline-offset-4">
          {t.identity.notYou}
        </a>
      </p>
    </section>
  );
}
