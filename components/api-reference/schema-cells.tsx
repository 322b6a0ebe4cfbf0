// The "type" and "description" cells shared by the field and parameter tables.
import { InlineText, ValueCode } from "./inline-text.tsx";
import { schemaHref } from "./links.ts";
import type { SchemaSummary } from "./resolve-schema.ts";

const CHIP = "inline-flex items-center rounded px-1.5 py-0.5 text-[0.7rem] font-medium ring-1 ring-inset";

export function SchemaLink({ name, label }: { name: string; label?: string }) {
  return (
    <a
      href={schemaHref(name)}
      className="font-mono font-semibold text-brand-700 underline decoration-brand-500/40 underline-offset-2 hover:decoration-brand-700"
    >
      {label ?? name}
    </a>
  );
}

export function TypeInfo({ summary }: { summary: SchemaSummary }) {
  const chips = [...(summary.format ? [`format: ${summary.format}`] : []), ...summary.limits];
  const linked =
    summary.refName !== undefined && !summary.type.startsWith("one of") && !summary.type.startsWith("any of");
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <div className="flex flex-wrap items-center gap-1.5 text-xs">
        {linked && summary.refName ? (
          <SchemaLink
            name={summary.refName}
            label={summary.isArray ? `array of ${summary.refName}` : summary.refName}
          />
        ) : (
          <span className="font-mono font-medium text-slate-800">{summary.type}</span>
        )}
        {summary.nullable && <span className={`${CHIP} bg-slate-50 text-slate-700 ring-slate-300`}>nullable</span>}
      </div>
      {chips.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Constraints">
          {chips.map((chip) => (
            <li key={chip} className={`${CHIP} bg-brand-50 font-mono text-brand-700 ring-brand-100`}>
              {chip}
            </li>
          ))}
        </ul>
      )}
      {summary.pattern && (
        <p className="w-full text-[0.7rem] text-slate-600">
          pattern <code className="font-mono break-all text-slate-800">{summary.pattern}</code>
        </p>
      )}
    </div>
  );
}

export function DescriptionInfo({ summary, collapsed = false }: { summary: SchemaSummary; collapsed?: boolean }) {
  const values = summary.values;
  return (
    <div className="space-y-1.5 text-sm leading-6 text-slate-700">
      {summary.deprecated && <span className={`${CHIP} bg-rose-50 text-rose-800 ring-rose-200`}>Deprecated</span>}
      {summary.description && (
        <p>
          <InlineText text={summary.description} />
        </p>
      )}
      {values && values.length > 0 && (
        <p className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          <span>{values.length === 1 ? "Always" : "One of"}</span>
          {values.map((value, index) => (
            <ValueCode key={index} value={value} />
          ))}
        </p>
      )}
      {summary.defaultValue !== undefined && (
        <p className="text-xs text-slate-600">
          Default <ValueCode value={summary.defaultValue} />
        </p>
      )}
      {summary.example !== undefined && (
        <p className="text-xs text-slate-600">
          Example <ValueCode value={summary.example} />
        </p>
      )}
      {collapsed && summary.refName && (
        <p className="text-xs text-slate-600">
          Fields: see <SchemaLink name={summary.refName} />
        </p>
      )}
    </div>
  );
}
