"use client";
// The tenant's currency: every amount is in it, so it can change only before the first trade.
import { useState } from "react";
import { CURRENCIES } from "@/lib/console/settings/settings-rules.ts";

/** The select offers only these (and the server checks the choice again). */
type Currency = (typeof CURRENCIES)[number];
import { FieldProblem, ReadOnlyValue, SettingsSection, useSectionSave } from "./settings-section.tsx";
import { settingsCurrency } from "@/lib/console/operations/settings.ts";

export function CurrencyForm({
  currency,
  hasTrades,
  canEdit,
}: {
  currency: string;
  hasTrades: boolean;
  canEdit: boolean;
}) {
  const [value, setValue] = useState(currency);
  const { busy, error, fields, saved, save, edited } = useSectionSave(settingsCurrency);
  const editable = canEdit && !hasTrades;
  return (
    <SettingsSection
      id="currency"
      title="Currency"
      description={
        <p>
          Trade amounts, fees and payouts are in this currency. The API takes amounts in its major unit (e.g. 125.50).
        </p>
      }
      canEdit={editable}
      onSubmit={() => void save({ currency: value as Currency })}
      busy={busy}
      error={error}
      saved={saved}
      note={
        hasTrades
          ? "Your marketplace has trades in this currency, so it can no longer change."
          : !canEdit
            ? "Only admins can change it, and only before the first trade."
            : "It can change only until the first trade is created."
      }
    >
      {editable ? (
        <div>
          <label htmlFor="currency-select" className="block text-sm font-medium text-slate-900">
            Currency
          </label>
          <select
            id="currency-select"
            value={value}
            onChange={(event) => {
              edited();
              setValue(event.target.value);
            }}
            aria-invalid={fields.currency ? true : undefined}
            aria-describedby={fields.currency ? "currency-problem" : undefined}
            className="mt-1 w-40 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
          >
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          <FieldProblem id="currency-problem" message={fields.currency} />
        </div>
      ) : (
        <ReadOnlyValue label="Currency">{currency}</ReadOnlyValue>
      )}
    </SettingsSection>
  );
}
