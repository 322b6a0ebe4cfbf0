// The controls above a console list: labelled drop-downs and a search box, whose values live in
// the address (useListQuery's update).
import type { FormEvent } from "react";

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
