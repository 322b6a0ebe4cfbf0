// The console's frame: the tenant, the sections, who is signed in and with which role.
import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "./sign-out-button.tsx";

const SECTIONS = [{ href: "/console/trades", label: "Trades" }] as const;

export function ConsoleShell({ tenantName, staffEmail, role, children }: { tenantName: string; staffEmail: string; role: string; children: ReactNode }) {
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="bg-slate-900 text-slate-100 lg:min-h-screen">
        <div className="flex items-center justify-between gap-3 px-5 py-4 lg:block">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Console</p>
            <p className="truncate font-semibold">{tenantName}</p>
          </div>
        </div>
        <nav aria-label="Console" className="flex gap-1 overflow-x-auto px-3 pb-3 lg:flex-col lg:pb-0">
          {SECTIONS.map((section) => (
            <Link key={section.href} href={section.href} className="rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white">
              {section.label}
            </Link>
          ))}
        </nav>
        <div className="hidden border-t border-slate-800 px-5 py-4 text-sm lg:block">
          <p className="truncate text-slate-300">{staffEmail}</p>
          <p className="mt-0.5 text-xs text-slate-400">{role === "admin" ? "Admin" : "Viewer (read only)"}</p>
          <div className="mt-2 -ml-2">
            <SignOutButton />
          </div>
        </div>
      </aside>
      <main className="min-w-0 px-4 py-6 sm:px-8">{children}</main>
    </div>
  );
}
