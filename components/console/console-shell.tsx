// The console's frame: the tenant, the sections, who is signed in and with which role.
import type { ReactNode } from "react";
import type { liveModeGaps } from "@/lib/outside-parties.ts";
import { ConsoleNav } from "./console-nav.tsx";
import { LiveModeNotice } from "./live-mode-notice.tsx";
import { SignOutButton } from "./sign-out-button.tsx";

const SECTIONS = [
  { href: "/console/overview", label: "Overview" },
  { href: "/console/trades", label: "Trades" },
  { href: "/console/users", label: "Users" },
  { href: "/console/business-users", label: "Business users" },
  { href: "/console/payouts", label: "Payouts" },
  { href: "/console/finance", label: "Finance" },
  { href: "/console/exports", label: "Exports" },
  { href: "/console/webhooks", label: "Webhooks" },
  { href: "/console/developers/api-keys", label: "Developers", match: "/console/developers" },
  { href: "/console/team", label: "Team" },
  { href: "/console/settings", label: "Settings" },
] as const;

export function ConsoleShell(props: {
  tenantName: string;
  staffEmail: string;
  role: string;
  liveGaps: ReturnType<typeof liveModeGaps>;
  children: ReactNode;
}) {
  const { tenantName, staffEmail, role, liveGaps, children } = props;
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="bg-slate-900 text-slate-100 lg:min-h-screen">
        <div className="flex items-center justify-between gap-3 px-5 py-4 lg:block">
          <div>
            <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Console</p>
            <p className="truncate font-semibold">{tenantName}</p>
          </div>
        </div>
        <ConsoleNav sections={SECTIONS} />
        <div className="hidden border-t border-slate-800 px-5 py-4 text-sm lg:block">
          <p className="truncate text-slate-300">{staffEmail}</p>
          <p className="mt-0.5 text-xs text-slate-400">{role === "admin" ? "Admin" : "Viewer (read only)"}</p>
          <div className="mt-2 -ml-2">
            <SignOutButton />
          </div>
        </div>
      </aside>
      <main className="min-w-0 px-4 py-6 sm:px-8">
        <LiveModeNotice gaps={liveGaps} />
        {children}
      </main>
    </div>
  );
}
