"use client";
// The console's sections, the current one marked (for sight and for screen readers).
import Link from "next/link";
import { useConsolePathname } from "./kit/address.ts";

/** `match`: the path prefix that belongs to the section, when it is not the link itself. */
export function ConsoleNav({ sections }: { sections: readonly { href: string; label: string; match?: string }[] }) {
  const pathname = useConsolePathname();
  return (
    <nav aria-label="Console" className="grid grid-cols-2 gap-1 px-3 sm:grid-cols-3 lg:flex lg:flex-col">
      {sections.map((section) => {
        const base = section.match ?? section.href;
        const current = pathname === base || pathname.startsWith(`${base}/`);
        return (
          <Link
            key={section.href}
            href={section.href}
            aria-current={current ? "page" : undefined}
            className={`rounded-md px-3 py-2 text-sm font-medium ${current ? "bg-slate-800 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
