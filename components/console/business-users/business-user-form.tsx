"use client";
// Adding or editing a business user. The form checks the fields with the API's schemas before it
// posts (the server checks again, and also the whitelist and uniqueness), and puts each message
// under its field. The payout account is never shown whole: when editing, leaving it empty keeps it.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import {
  checkForm,
  ConsoleCreateBusinessUser,
  ConsoleEditBusinessUser,
} from "@/lib/console/business-users/business-user-form-checks.ts";
import { consoleCall, sendConsoleCall } from "../kit/console-post.ts";
import { businessUserCreate, businessUserEdit } from "@/lib/console/operations/business-users.ts";

const ADDRESS = [
  ["streetName", "Street", "sm:col-span-4"],
  ["houseNumber", "House number", "sm:col-span-2"],
  ["floor", "Floor", "sm:col-span-2"],
  ["sideDoor", "Side / door", "sm:col-span-2"],
  ["postNumber", "Postal code", "sm:col-span-2"],
  ["city", "City", "sm:col-span-3"],
  ["municipalityName", "Municipality", "sm:col-span-3"],
] as const;

type AddressKey = (typeof ADDRESS)[number][0];

export interface BusinessUserFormProps {
  mode: "test" | "live";
  allowed: string[];
  /** Present when editing: the stored values, the account masked. */
  existing?: {
    businessId: string;
    businessLocationId: string;
    name: string;
    phoneNumber: string;
    address: Record<AddressKey, string>;
    payoutAccount: string;
  };
}

type Existing = NonNullable<BusinessUserFormProps["existing"]>;
type FieldOf = (name: string) => { name: string; error?: string };

/** The body the console's endpoint takes: creating names every field, editing leaves out what stays. */
function formBody(form: FormData, mode: "test" | "live", existing: Existing | undefined) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const optional = (name: string) => text(name) || undefined;
  const address = Object.fromEntries(
    ADDRESS.map(([key]) => [key, optional(`address.${key}`)]).filter(([, value]) => value !== undefined),
  );
  if (existing)
    return {
      mode,
      name: text("name"),
      phoneNumber: text("phoneNumber") || null,
      address,
      payoutsAccountNumber: optional("payoutsAccountNumber"),
    };
  return {
    mode,
    businessId: text("businessId"),
    businessLocationId: text("businessLocationId"),
    name: text("name"),
    phoneNumber: text("phoneNumber"),
    address,
    payoutsAccountNumber: text("payoutsAccountNumber"),
  };
}

/** An edit names the business user it changes; a new one is added. */
const saveCall = (existing: Existing | undefined, body: unknown) =>
  existing
    ? consoleCall(
        businessUserEdit,
        { businessId: existing.businessId, businessLocationId: existing.businessLocationId },
        body,
      )
    : consoleCall(businessUserCreate, {}, body);

/**
 * Checking and saving the form: a refusal (the schema's or the server's) puts each message under its
 * field; a save goes back to the list with a notice.
 */
function useSaveBusinessUser(mode: "test" | "live", existing: Existing | undefined, back: string) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** After a refusal, the first field to fix gets the focus (or the summary, when no field is named). */
  const focusProblem = () =>
    requestAnimationFrame(() =>
      (
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        formRef.current?.querySelector<HTMLElement>('[role="alert"]')
      )?.focus(),
    );
  const refuse = (fields: Record<string, string>, message: string) => {
    setErrors(fields);
    setProblem(message);
    focusProblem();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = formBody(new FormData(event.currentTarget), mode, existing);
    const checked = checkForm(existing ? ConsoleEditBusinessUser : ConsoleCreateBusinessUser, body);
    if (!checked.ok)
      return refuse(Object.fromEntries(checked.errors.map((e) => [e.key, e.value])), "Check the highlighted fields.");
    setBusy(true);
    const result = await sendConsoleCall(
      saveCall(existing, body),
      (status) => `The business user could not be saved (${status || "no answer"}).`,
    );
    setBusy(false);
    if (!result.ok) return refuse(result.fields, result.error);
    router.push(`${back}&notice=${existing ? "updated" : "created"}&name=${encodeURIComponent(body.name)}`);
    router.refresh();
  }
  return { formRef, errors, problem, busy, submit };
}

export function BusinessUserForm({ mode, allowed, existing }: BusinessUserFormProps) {
  const back = `/console/business-users?mode=${mode}`;
  const { formRef, errors, problem, busy, submit } = useSaveBusinessUser(mode, existing, back);
  const field = (name: string) => ({ name, error: errors[name] });

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="mt-6 max-w-3xl space-y-6">
      {problem && (
        <p
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {problem}
        </p>
      )}
      <CompanyFields field={field} allowed={allowed} existing={existing} />
      <Fieldset legend="Address" hint="All address fields are optional.">
        {ADDRESS.map(([key, label, span]) => (
          <Input
            key={key}
            {...field(`address.${key}`)}
            label={label}
            className={span}
            defaultValue={existing?.address[key]}
          />
        ))}
      </Fieldset>
      <Fieldset
        legend="Payout account"
        hint="Where this business user's payouts go: an IBAN, or a Danish registration and account number (14–34 letters, digits and spaces)."
      >
        <Input
          {...field("payoutsAccountNumber")}
          label={existing ? "New account number (optional)" : "Account number"}
          className="sm:col-span-4"
          autoComplete="off"
          spellCheck={false}
          hint={existing ? `Now ${existing.payoutAccount}. Leave empty to keep it.` : undefined}
        />
      </Fieldset>
      <div className="flex items-center gap-3 border-t border-slate-200 pt-5">
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Saving…" : existing ? "Save changes" : "Add business user"}
        </button>
        <Link href={back} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** Who the business user is: the ids (fixed once created, so read only when editing), name and phone. */
function CompanyFields({
  field,
  allowed,
  existing,
}: {
  field: FieldOf;
  allowed: string[];
  existing: Existing | undefined;
}) {
  const listId = useId();
  return (
    <Fieldset
      legend="Company"
      hint="The company registration number (CVR) and production unit (P-number) identify the business user; they cannot be changed later."
    >
      {existing ? (
        <div className="grid gap-4 sm:col-span-6 sm:grid-cols-2">
          <ReadOnly label="Business id" value={existing.businessId} />
          <ReadOnly label="Business location id" value={existing.businessLocationId} />
        </div>
      ) : (
        <>
          <Input
            {...field("businessId")}
            label="Business id (CVR)"
            className="sm:col-span-3"
            list={listId}
            hint={allowed.length ? `Whitelisted: ${allowed.join(", ")}` : "Your whitelist is empty."}
            autoComplete="off"
          />
          <datalist id={listId}>
            {allowed.map((id) => (
              <option key={id} value={id} />
            ))}
          </datalist>
          <Input
            {...field("businessLocationId")}
            label="Business location id (P-number)"
            className="sm:col-span-3"
            autoComplete="off"
          />
        </>
      )}
      <Input
        {...field("name")}
        label="Name"
        className="sm:col-span-4"
        defaultValue={existing?.name}
        autoComplete="organization"
      />
      <Input
        {...field("phoneNumber")}
        label={existing ? "Phone number (optional)" : "Phone number"}
        className="sm:col-span-2"
        defaultValue={existing?.phoneNumber}
        type="tel"
        autoComplete="tel"
      />
    </Fieldset>
  );
}

function Fieldset({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white px-5 pt-4 pb-5">
      <legend className="sr-only">{legend}</legend>
      <p aria-hidden="true" className="font-semibold">
        {legend}
      </p>
      <p className="mt-0.5 text-sm text-slate-600">{hint}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-6">{children}</div>
    </fieldset>
  );
}

function Input({
  name,
  label,
  error,
  hint,
  className,
  ...rest
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm ${error ? "border-red-600 ring-1 ring-red-600" : "border-slate-400"}`}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800">{value}</p>
    </div>
  );
}
