"use client";
// An editable list of short values (redirect origins, business ids): one input per entry with
// its own problem shown beside it (the server names entries as `<field>.<index>`), Remove per
// entry and Add for a new one. Viewers get the list as text.
import { useRef } from "react";
import { FieldProblem, inputClass, type FieldErrors } from "./settings-section.tsx";

export function ListEditor({
  field,
  itemLabel,
  values,
  onChange,
  fields,
  canEdit,
  placeholder,
  empty,
  max,
}: {
  field: string;
  itemLabel: string;
  values: string[];
  onChange: (values: string[]) => void;
  fields: FieldErrors;
  canEdit: boolean;
  placeholder: string;
  empty: string;
  max: number;
}) {
  const list = useRef<HTMLUListElement>(null);
  if (!canEdit) {
    return values.length ? (
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {values.map((value) => (
          <li key={value} className="px-3 py-2 font-mono text-sm break-all">
            {value}
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-sm text-slate-600">{empty}</p>
    );
  }
  function add() {
    onChange([...values, ""]);
    // Focus the new entry once it is on the page.
    requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus());
  }
  return (
    <div>
      {values.length === 0 && <p className="mb-2 text-sm text-slate-600">{empty}</p>}
      <ul ref={list} className="space-y-2">
        {values.map((value, index) => (
          <ListEntry
            key={index}
            id={`${field}-${index}`}
            label={`${itemLabel} ${index + 1}`}
            removeLabel={`Remove ${itemLabel.toLowerCase()} ${value || index + 1}`}
            value={value}
            placeholder={placeholder}
            problem={fields[`${field}.${index}`] ?? fields[`${field}.${value}`]}
            onChange={(next) => onChange(values.map((v, i) => (i === index ? next : v)))}
            onRemove={() => onChange(values.filter((_, i) => i !== index))}
          />
        ))}
      </ul>
      <FieldProblem id={`${field}-problem`} message={fields[field]} />
      {values.length < max && (
        <button
          type="button"
          onClick={add}
          className="mt-3 rounded-lg border border-dashed border-slate-400 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          + Add {itemLabel.toLowerCase()}
        </button>
      )}
    </div>
  );
}

interface ListEntryProps {
  id: string;
  label: string;
  removeLabel: string;
  value: string;
  placeholder: string;
  problem: string | undefined;
  onChange: (value: string) => void;
  onRemove: () => void;
}

function ListEntry({ id, label, removeLabel, value, placeholder, problem, onChange, onRemove }: ListEntryProps) {
  return (
    <li>
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={`${inputClass(!!problem)} font-mono`}
        />
        <button
          type="button"
          onClick={onRemove}
          aria-label={removeLabel}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Remove
        </button>
      </div>
      <FieldProblem id={`${id}-problem`} message={problem} />
    </li>
  );
}
