// The coloured HTTP method badge and the HTTP status badge.

const METHOD_STYLES: Record<string, string> = {
  GET: "bg-emerald-100 text-emerald-800 ring-emerald-700/20",
  POST: "bg-brand-100 text-brand-700 ring-brand-700/20",
  PUT: "bg-amber-100 text-amber-900 ring-amber-700/20",
  PATCH: "bg-violet-100 text-violet-800 ring-violet-700/20",
  DELETE: "bg-rose-100 text-rose-800 ring-rose-700/20",
};

const FALLBACK = "bg-slate-100 text-slate-800 ring-slate-700/20";

export function MethodBadge({ method, size = "md" }: { method: string; size?: "sm" | "md" }) {
  const sizing = size === "sm" ? "w-12 px-1 py-0.5 text-[0.65rem]" : "px-2.5 py-1 text-xs";
  return (
    <span className={`inline-flex shrink-0 justify-center rounded-md font-mono font-bold tracking-wide ring-1 ring-inset ${sizing} ${METHOD_STYLES[method] ?? FALLBACK}`}>
      {method}
    </span>
  );
}

function statusStyle(status: string): string {
  if (status.startsWith("2") || status.startsWith("3")) return "bg-emerald-50 text-emerald-800 ring-emerald-700/20";
  if (status.startsWith("4")) return "bg-amber-50 text-amber-900 ring-amber-700/25";
  if (status.startsWith("5")) return "bg-rose-50 text-rose-800 ring-rose-700/20";
  return FALLBACK;
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-flex rounded-md px-2 py-0.5 font-mono text-xs font-semibold ring-1 ring-inset ${statusStyle(status)}`}>{status}</span>;
}

/** The path in monospace, with `{parameters}` highlighted; long paths wrap after a slash. */
export function PathLabel({ path, className = "" }: { path: string; className?: string }) {
  return (
    <code className={`font-mono text-slate-900 [overflow-wrap:anywhere] ${className}`}>
      {path.split(/(\{[^}]+\}|\/)/).map((part, index) => {
        if (part === "/") return <span key={index}>/<wbr /></span>;
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
