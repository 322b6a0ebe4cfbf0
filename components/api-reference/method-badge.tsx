// The coloured HTTP method badge and the HTTP status badge.
// The method badge's styles are classes in app/globals.css (docs-method-*): the index shows ~50.

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

const FALLBACK = "bg-slate-100 text-slate-800 ring-slate-700/20";

export function MethodBadge({ method, size = "md" }: { method: string; size?: "sm" | "md" }) {
  const colour = METHODS.has(method) ? method.toLowerCase() : "other";
  return <span className={`docs-method docs-method-${colour}${size === "sm" ? " docs-method-sm" : ""}`}>{method}</span>;
}

function statusStyle(status: string): string {
  if (status.startsWith("2") || status.startsWith("3")) return "bg-emerald-50 text-emerald-800 ring-emerald-700/20";
  if (status.startsWith("4")) return "bg-amber-50 text-amber-900 ring-amber-700/25";
  if (status.startsWith("5")) return "bg-rose-50 text-rose-800 ring-rose-700/20";
  return FALLBACK;
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${statusStyle(status)}`}
    >
      {status}
    </span>
  );
}

/** The path in monospace, with `{parameters}` highlighted; long paths wrap after a slash. */
export function PathLabel({ path, className = "" }: { path: string; className?: string }) {
  return (
    <code className={`font-mono text-slate-900 [overflow-wrap:anywhere] ${className}`}>
      {path.split(/(\{[^}]+\}|\/)/).map((part, index) => {
        if (part === "/")
          return (
            <span key={index}>
              /<wbr />
            </span>
          );
        return part.startsWith("{") ? (
          <span key={index} className="text-brand-700">
            {part}
          </span>
        ) : (
          part
        );
      })}
    </code>
  );
}
