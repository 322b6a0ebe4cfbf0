"use client";
// Deadlines in days or hours (stored as seconds), each with what happens when it passes.
import { useState } from "react";
import { DEADLINES, describeSeconds, type DeadlineKey } from "@/lib/console/settings/settings-rules.ts";
import { FieldProblem, inputClass, ReadOnlyValue, SettingsSection, useSectionSave } from "./settings-section.tsx";

const UNIT = { days: 86_400, hours: 3_600 } as const;
type Unit = keyof typeof UNIT;
type Entry = { amount: string; unit: Unit };

const toEntry = (seconds: number): Entry => (seconds % UNIT.days === 0 ? { amount: String(seconds / UNIT.days), unit: "days" } : { amount: String(seconds / UNIT.hours), unit: "hours" });

export function DeadlinesForm({ values, canEdit }: { values: Record<DeadlineKey, number>; canEdit: boolean }) {
  const [entries, setEntries] = useState(() => Object.fromEntries(DEADLINES.map((d) => [d.key, toEntry(values[d.key])])) as Record<DeadlineKey, Entry>);
  const { busy, error, fields, saved, save, edited } = useSectionSave("/console/api/settings/deadlines");

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
    );
    void save(body);
  }

  return (
    <SettingsSection
      id="deadlines"
      title="Deadlines"
      description={<p>How long each party has before the trade moves on by itself. Changes apply to deadlines that start after you save; running ones keep theirs.</p>}
      canEdit={canEdit}
      onSubmit={submit}
      busy={busy}
      error={error}
      saved={saved}
    >
      {DEADLINES.map((d) => {
        const problem = fields[d.key];
        const hint = `${d.key}-hint`;
        if (!canEdit) {
          return (
            <ReadOnlyValue key={d.key} label={d.label}>
              {describeSeconds(values[d.key])}
            </ReadOnlyValue>
          );
        }
        return (
          <div key={d.key} className="grid gap-x-6 gap-y-1 sm:grid-cols-[1fr_15rem]">
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
                  value={entries[d.key].amount}
                  onChange={(event) => set(d.key, { amount: event.target.value })}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${d.key}-problem ${hint}` : hint}
                  className={`${inputClass(!!problem)} w-24 text-right tabular-nums`}
                />
                <select aria-label={`${d.label}: unit`} value={entries[d.key].unit} onChange={(event) => set(d.key, { unit: event.target.value as Unit })} className="rounded-lg border border-slate-400 bg-white px-2 py-2 text-sm">
                  <option value="days">days</option>
                  <option value="hours">hours</option>
                </select>
              </div>
              <FieldProblem id={`${d.key}-problem`} message={problem} />
            </div>
          </div>
        );
      })}
    </SettingsSection>
  );
}
