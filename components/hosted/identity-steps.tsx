// "Confirm who you are": the national eID sign-in (simulated: pick a test person; a broker: its own
// page, after the button) and the consent to connect to the marketplace. Used by the connect page
// and by a checkout whose payer is new. When the eID tells no postal address (a broker), the
// consent form asks for it (decisions.md §11): plain fields, checked on the server, each refused
// one marked with its problem.
import type { VerifiedIdentity } from "@/lib/identity/identity-provider.ts";
import type { TestIdentity } from "@/lib/identity/identity-provider.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { CITY_MAX_LENGTH, STREET_MAX_LENGTH, type PostalAddressField } from "@/lib/users/postal-address.ts";
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
  addressErrors = {},
  headingLevel = 1,
}: Common & {
  identity: VerifiedIdentity;
  level: 0 | 1 | 2;
  /** The typed address's refused fields, each with its problem (an i18n key of `errors`). */
  addressErrors?: Partial<Record<PostalAddressField, string>>;
  headingLevel?: 1 | 2;
}) {
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
      <HostedForm action={`${base}/consent`} csrf={csrf} className="mt-5 space-y-5">
        {identity.addressToDeclare && <AddressFields t={t} errors={addressErrors} />}
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

/** The postal address the person gives themself, with each refused field's problem under it. */
function AddressFields({ t, errors }: { t: Messages; errors: Partial<Record<PostalAddressField, string>> }) {
  const problem = (field: PostalAddressField) => {
    const key = errors[field];
    return key ? t.errors[key] : undefined;
  };
  const refused = (["address", "postalCode", "city"] as const).some((field) => problem(field));
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">{t.identity.addressTitle}</legend>
      <p className="text-sm text-slate-700">{t.identity.addressIntro}</p>
      {refused && <Alert tone="error">{t.identity.addressProblems}</Alert>}
      <TextField
        name="address"
        label={t.identity.street}
        hint={t.identity.streetHint}
        problem={problem("address")}
        autoComplete="address-line1"
        maxLength={STREET_MAX_LENGTH}
      />
      <TextField
        name="postalCode"
        label={t.identity.postalCode}
        problem={problem("postalCode")}
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={4}
        narrow
      />
      <TextField
        name="city"
        label={t.identity.city}
        problem={problem("city")}
        autoComplete="address-level2"
        maxLength={CITY_MAX_LENGTH}
      />
    </fieldset>
  );
}

function TextField({
  name,
  label,
  hint,
  problem,
  autoComplete,
  inputMode,
  maxLength,
  narrow = false,
}: {
  name: string;
  label: string;
  hint?: string;
  problem: string | undefined;
  autoComplete: string;
  inputMode?: "numeric";
  maxLength: number;
  narrow?: boolean;
}) {
  const described = [hint && `${name}-hint`, problem && `${name}-problem`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        required
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        className={`mt-1 rounded-xl border bg-white px-3 py-2.5 ${problem ? "border-red-600" : "border-slate-400"} ${narrow ? "w-32" : "w-full"}`}
      />
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${name}-problem`} className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
