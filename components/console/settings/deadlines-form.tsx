"use client";
// Deadlines in days or hours (stored as seconds), each with what happens when it passes.
import { useState } from "react";
import { DEADLINES, describeSeconds, type DeadlineKey } from "@/lib/console/settings/settings-rules.ts";
import { FieldProblem, inputClass, ReadOnlyValue, SettingsSection, useSectionSave } from "./settings-section.tsx";
import { settingsDeadlines } from "@/lib/console/operations/settings.ts";

const UNIT = { days: 86_400, hours: 3_600 } as const;
type Unit = keyof typeof UNIT;
type Entry = { amount: string; unit: Unit };

const toEntry = (seconds: number): Entry =>
  seconds % UNIT.days === 0
    ? { amount: String(seconds / UNIT.days), unit: "days" }
    : { amount: String(seconds / UNIT.hours), unit: "hours" };

export function DeadlinesForm({ values, canEdit }: { values: Record<DeadlineKey, number>; canEdit: boolean }) {
  const [entries, setEntries] = useState(
    () => Object.fromEntries(DEADLINES.map((d) => [d.key, toEntry(values[d.key])])) as Record<DeadlineKey, Entry>,
  );
  const { busy, error, fields, saved, save, edited } = useSectionSave(settingsDeadlines);

  function set(key: DeadlineKey, change: Partial<Entry>) {
    edited();
    setEntries((current) => ({ ...current, [key]: { ...current[key], ...change } }));
  }
  function submit() {
    const body = Object.fromEntries(
      DEADLINES.map((d) => {
        const { amount, unit } = entries[d.key];
        const number = amount.trim() === "" ? Number.NaN : Number(amount);
        return [d.key, Number.isFinite(number) ? Math.round(number * UNIT[unit]) : null];
      }),
    ) as Record<DeadlineKey, number | null>;
    void save(body);
  }

  return (
    <SettingsSection
      id="deadlines"
      title="Deadlines"
      description={
        <p>
          How long each party has before the trade moves on by itself. Changes apply to deadlines that start after you
          save; running ones keep theirs.
        </p>
      }
      canEdit={canEdit}
      onSubmit={submit}
      busy={busy}
      error={error}
      saved={saved}
    >
      {DEADLINES.map((d) =>
        canEdit ? (
          <DeadlineField
            key={d.key}
            deadline={d}
            entry={entries[d.key]}
            problem={fields[d.key]}
            onChange={(change) => set(d.key, change)}
          />
        ) : (
          <ReadOnlyValue key={d.key} label={d.label}>
            {describeSeconds(values[d.key])}
          </ReadOnlyValue>
        ),
      )}
    </SettingsSection>
  );
}

interface DeadlineFieldProps {
  deadline: (typeof DEADLINES)[number];
  entry: Entry;
  problem: string | undefined;
  onChange: (change: Partial<Entry>) => void;
}

/** One deadline: what it is for and its bounds, the amount and its unit. */
function DeadlineField({ deadline: d, entry, problem, onChange }: DeadlineFieldProps) {
  const hint = `${d.key}-hint`;
  return (
    <div className="grid gap-x-6 gap-y-1 sm:grid-cols-[1fr_15rem]">
      <div>
        <label htmlFor={d.key} className="block text-sm font-medium text-slate-900">
          {d.label}
        </label>
        <p id={hint} className="text-sm text-slate-600">
          {d.description} Between {describeSeconds(d.min)} and {describeSeconds(d.max)}.
        </p>
      </div>
      <div>
        <div className="flex gap-2">
          <input
            id={d.key}
            inputMode="decimal"
            value={entry.amount}
            onChange={(event) => onChange({ amount: event.target.value })}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${d.key}-problem ${hint}` : hint}
            className={`${inputClass(!!problem)} w-24 text-right tabular-nums`}
          />
          <select
            aria-label={`${d.label}: unit`}
            value={entry.unit}
            onChange={(event) => onChange({ unit: event.target.value as Unit })}
            className="rounded-lg border border-slate-400 bg-white px-2 py-2 text-sm"
          >
            <option value="days">days</option>
            <option value="hours">hours</option>
          </select>
        </div>
        <FieldProblem id={`${d.key}-problem`} message={problem} />
      </div>
    </div>
  );
}
