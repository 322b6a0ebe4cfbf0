// The controls above a console list: labelled drop-downs, date and amount fields and a search box,
// whose values live in the address (useListQuery's update). A list declares its drop-downs and
// fields as a FilterField[] and renders them with FilterFields, in its own layout.
import type { FormEvent } from "react";
import type { ListParams, ListUpdate } from "./use-list-query.ts";

const SELECT = "mt-1 w-full rounded-lg border border-slate-400 bg-white px-2 py-2 text-sm";
const INPUT = "mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm";
const BUTTON = "rounded-lg bg-brand-600 py-2 text-sm font-semibold text-white hover:bg-brand-700";

export const MODE_OPTIONS: [string, string][] = [
  ["test", "Test (sandbox)"],
  ["live", "Live"],
];

export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  /** [value, text] pairs. */
  options: [string, string][];
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled drop-down for a list's filters (trades, users, payouts, deliveries, request log). */
export function FilterSelect({ id, label, value, options, onChange, className }: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={SELECT}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface SearchFormProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text, or undefined when it is empty (the key leaves the address). */
  onSearch: (text: string | undefined) => void;
  button?: string;
  ariaLabel?: string;
  className: string;
  fieldClassName: string;
  inputClassName?: string;
  buttonClassName?: string;
}

/** A search box and its button; the text stays as typed, the search uses it trimmed. */
export function SearchForm(props: SearchFormProps) {
  const { id, label, placeholder, value, onChange, onSearch, button = "Search", ariaLabel } = props;
  const { className, fieldClassName, inputClassName = "", buttonClassName = "px-4" } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim() || undefined);
  };
  return (
    <form onSubmit={submit} role="search" aria-label={ariaLabel} className={className}>
      <div className={fieldClassName}>
        <label htmlFor={id} className="block text-xs font-medium text-slate-700">
          {label}
        </label>
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className={`${INPUT} ${inputClassName}`}
        />
      </div>
      <button type="submit" className={`${BUTTON} ${buttonClassName}`}>
        {button}
      </button>
    </form>
  );
}

/**
 * One filter of a list, stored in the address under `key`: a drop-down of [value, text] options
 * (`fallback` shown when the address has none of them), or a date or amount field, applied when the
 * user leaves it (`applyOn: "blur"`, so typing an amount does not reload the list) or at each
 * change (a date picker's choice).
 */
export type FilterField =
  | { key: string; label: string; options: [string, string][]; fallback?: string; className?: string }
  | { key: string; label: string; input: "date" | "number"; applyOn: "blur" | "change"; className?: string };

/** Renders a list's declared filters in order, each reading and writing its key of the address. */
export function FilterFields({
  fields,
  params,
  update,
}: {
  fields: FilterField[];
  params: ListParams;
  update: ListUpdate;
}) {
  return fields.map((field) => {
    const value = params.get(field.key);
    const onChange = (next: string) => update({ [field.key]: next });
    if ("options" in field) {
      const shown = field.options.some(([option]) => option === value) ? value! : (field.fallback ?? "");
      return (
        <FilterSelect
          key={field.key}
          id={field.key}
          label={field.label}
          value={shown}
          options={field.options}
          onChange={onChange}
          className={field.className}
        />
      );
    }
    return <FilterInput key={field.key} field={field} value={value ?? ""} onChange={onChange} />;
  });
}

function FilterInput({
  field,
  value,
  onChange,
}: {
  field: Extract<FilterField, { input: string }>;
  value: string;
  onChange: (value: string) => void;
}) {
  const amount = field.input === "number";
  const applied =
    field.applyOn === "blur"
      ? { defaultValue: value, onBlur: (e: { target: HTMLInputElement }) => onChange(e.target.value) }
      : { value, onChange: (e: { target: HTMLInputElement }) => onChange(e.target.value) };
  return (
    <div className={field.className}>
      <label htmlFor={field.key} className="block text-xs font-medium text-slate-700">
        {field.label}
      </label>
      <input
        id={field.key}
        type={field.input}
        min={amount ? 0 : undefined}
        step={amount ? "0.01" : undefined}
        {...applied}
        className={INPUT}
      />
    </div>
  );
}
