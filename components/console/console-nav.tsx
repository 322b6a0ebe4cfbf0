"use client";
// The console's sections, the current one marked (for sight and for screen readers).
import Link from "next/link";
import { usePathname } from "next/navigation";

export function ConsoleNav({ sections }: { sections: readonly { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Console" className="flex gap-1 overflow-x-auto px-3 pb-3 lg:flex-col lg:pb-0">
      {sections.map((section) => {
        const current = pathname === section.href || pathname.startsWith(`${section.href}/`);
        return (
          <Link
            key={section.href}
            href={section.href}
            aria-current={current ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${current ? "bg-slate-800 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
