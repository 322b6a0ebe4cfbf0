// A labelled drop-down for a list's filters (trades, users, deliveries, request log).
export function FilterSelect({ id, label, value, options, onChange, className }: { id: string; label: string; value: string; options: [string, string][]; onChange: (value: string) => void; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="mt-1 w-full rounded-lg border border-slate-400 bg-white px-2 py-2 text-sm">
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
