// The console's frame: the tenant, the sections, who is signed in and with which role. On a wide
// screen a sidebar shows them all; on a phone a top bar with a Menu button (ConsoleMenu) opens them.
import type { ReactNode } from "react";
import type { liveModeGaps } from "@/lib/outside-parties.ts";
import { ConsoleMenu } from "./console-menu.tsx";
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
      <aside className="bg-slate-900 text-slate-100">
        {/* The sidebar stays in view while the page scrolls, its member and Sign out at the foot. */}
        <div className="lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto">
          <ConsoleMenu
            title={
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Console</p>
                <p className="truncate font-semibold">{tenantName}</p>
              </div>
            }
          >
            <ConsoleNav sections={SECTIONS} />
            <SignedIn email={staffEmail} role={role} />
          </ConsoleMenu>
        </div>
      </aside>
      <main className="min-w-0 px-4 py-5 sm:px-8 sm:py-6">
        <LiveModeNotice gaps={liveGaps} />
        {children}
      </main>
    </div>
  );
}

/** Who is signed in, and the way out: at the foot of the sidebar, and in the phone's menu. */
function SignedIn({ email, role }: { email: string; role: string }) {
  return (
    <div className="mt-3 border-t border-slate-800 px-5 py-4 text-sm lg:mt-auto">
      <p className="text-xs text-slate-400">Signed in as</p>
      <p className="truncate text-slate-100" title={email}>
        {email}
      </p>
      <p className="mt-0.5 text-xs text-slate-400">{role === "admin" ? "Admin" : "Viewer (read only)"}</p>
      <div className="mt-2 -ml-2">
        <SignOutButton />
      </div>
    </div>
  );
}
