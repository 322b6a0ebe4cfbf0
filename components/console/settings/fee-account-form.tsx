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
          <div>
            <label htmlFor="fee-account-number" className="block text-sm font-medium text-slate-900">
              IBAN or Danish account number
            </label>
            <input
              id="fee-account-number"
              value={accountNumber}
              onChange={(event) => {
                edited();
                setAccountNumber(event.target.value);
              }}
              autoComplete="off"
              aria-invalid={fields.accountNumber ? true : undefined}
              aria-describedby={fields.accountNumber ? "fee-account-number-problem" : undefined}
              className="mt-1 w-full max-w-md rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
            />
            <FieldProblem id="fee-account-number-problem" message={fields.accountNumber} />
          </div>
          <div>
            <label htmlFor="fee-account-holder" className="block text-sm font-medium text-slate-900">
              Account holder
            </label>
            <input
              id="fee-account-holder"
              value={holderName}
              onChange={(event) => {
                edited();
                setHolderName(event.target.value);
              }}
              maxLength={200}
              aria-invalid={fields.holderName ? true : undefined}
              aria-describedby={fields.holderName ? "fee-account-holder-problem" : undefined}
              className="mt-1 w-full max-w-md rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
            />
            <FieldProblem id="fee-account-holder-problem" message={fields.holderName} />
          </div>
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-900">
              <input
                type="checkbox"
                checked={accepted}
                onChange={(event) => {
                  edited();
                  setAccepted(event.target.checked);
                }}
                aria-describedby={fields.acceptTerms ? "fee-account-terms-problem" : undefined}
                className="mt-0.5"
              />
              <span>
                On behalf of {tenantName}, I accept the terms of receiving payouts from this service and its payment
                provider (with Stripe: the Stripe Connected Account Agreement).
              </span>
            </label>
            <FieldProblem id="fee-account-terms-problem" message={fields.acceptTerms} />
          </div>
        </div>
      ) : (
        <ReadOnlyValue label="Account">{current ? `ending in ${current.last4}` : "none"}</ReadOnlyValue>
      )}
    </SettingsSection>
  );
}
