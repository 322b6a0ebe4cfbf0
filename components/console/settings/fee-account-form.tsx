"use client";
// Where the tenant's share of the fees is paid (lib/payouts/send-tenant-fees.ts): a bank account, the
// name it is held in, and the admin's acceptance of the terms of receiving payouts.
import { useState } from "react";
import { settingsFeeAccount } from "@/lib/console/operations/settings.ts";
import { FieldProblem, ReadOnlyValue, SettingsSection, useSectionSave } from "./settings-section.tsx";

export function FeeAccountForm({
  current,
  tenantName,
  canEdit,
}: {
  current: { last4: string; holderName: string; termsAcceptedAt: string | null } | null;
  tenantName: string;
  canEdit: boolean;
}) {
  const [accountNumber, setAccountNumber] = useState("");
  const [holderName, setHolderName] = useState(current?.holderName ?? tenantName);
  const [accepted, setAccepted] = useState(false);
  const { busy, error, fields, saved, save, edited } = useSectionSave(settingsFeeAccount);
  return (
    <SettingsSection
      id="fee-account"
      title="Your fees' payout account"
      description={
        <p>
          Your share of each released trade&apos;s fees is sent to this account through the payment rail (with Stripe:
          your own connected account, paid out daily). Trades released before you give it keep their fees with the
          service; ask us to settle them.
        </p>
      }
      canEdit={canEdit}
      onSubmit={() => void save({ accountNumber, holderName, acceptTerms: accepted as true })}
      busy={busy}
      error={error}
      saved={saved}
      note={
        current
          ? `In use: the account ending in ${current.last4}, held by ${current.holderName}.`
          : "No account yet: your fees stay with the service."
      }
    >
      {canEdit ? (
        <div className="space-y-3">
          <TextField
            id="fee-account-number"
            label="IBAN or Danish account number"
            value={accountNumber}
            problem={fields.accountNumber}
            onChange={(value) => {
              edited();
              setAccountNumber(value);
            }}
          />
          <TextField
            id="fee-account-holder"
            label="Account holder"
            value={holderName}
            problem={fields.holderName}
            onChange={(value) => {
              edited();
              setHolderName(value);
            }}
          />
          <TermsCheckbox
            tenantName={tenantName}
            checked={accepted}
            problem={fields.acceptTerms}
            onChange={(value) => {
              edited();
              setAccepted(value);
            }}
          />
        </div>
      ) : (
        <ReadOnlyValue label="Account">{current ? `ending in ${current.last4}` : "none"}</ReadOnlyValue>
      )}
    </SettingsSection>
  );
}

function TextField({
  id,
  label,
  value,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  problem: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        maxLength={200}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="mt-1 w-full max-w-md rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
      />
      <FieldProblem id={`${id}-problem`} message={problem} />
    </div>
  );
}

function TermsCheckbox({
  tenantName,
  checked,
  problem,
  onChange,
}: {
  tenantName: string;
  checked: boolean;
  problem: string | undefined;
  onChange: (value: boolean) => void;
}) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={problem ? "fee-account-terms-problem" : undefined}
          className="mt-0.5"
        />
        <span>
          On behalf of {tenantName}, I accept the terms of receiving payouts from this service and its payment provider
          (with Stripe: the Stripe Connected Account Agreement).
        </span>
      </label>
      <FieldProblem id="fee-account-terms-problem" message={problem} />
    </div>
  );
}
