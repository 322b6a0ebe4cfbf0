// The Developers section's two pages, as tabs under its heading.
import Link from "next/link";

const TABS = [
  { href: "/console/developers/api-keys", label: "API keys" },
  { href: "/console/developers/logs", label: "Request log" },
] as const;

export function DevelopersTabs({ current }: { current: (typeof TABS)[number]["href"] }) {
  return (
    <nav aria-label="Developers" className="mt-4 flex gap-6 border-b border-slate-200 text-sm">
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.href === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-1 pb-2.5 font-medium ${tab.href === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
