// Test (sandbox) or live: two links, the current one marked. The two modes are two worlds (a page shows
// one mode's records), so a page that lists them puts these tabs above the list.
import Link from "next/link";

export function ModeTabs({ mode, href }: { mode: "test" | "live"; href: (mode: "test" | "live") => string }) {
  return (
    <nav aria-label="Mode" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-sm">
      {(["test", "live"] as const).map((m) => (
        <Link
          key={m}
          href={href(m)}
          aria-current={m === mode ? "page" : undefined}
          className={`rounded-md px-3 py-1.5 font-medium ${m === mode ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`}
        >
          {m === "test" ? "Test (sandbox)" : "Live"}
        </Link>
      ))}
    </nav>
  );
}
