// Every console page but the sign-in: the signed-in staff user's tenant, in the console's frame.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ConsoleShell } from "@/components/console/console-shell.tsx";
import { QueryProvider } from "@/components/console/query-provider.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { liveModeGaps } from "@/lib/outside-parties.ts";

export const metadata: Metadata = {
  title: { default: "Console", template: "%s · Console" },
  robots: { index: false, follow: false },
};

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const { staff, tenant } = await requireStaff();
  return (
    <ConsoleShell
      tenantName={tenant.brandName ?? tenant.name}
      staffEmail={staff.email}
      role={staff.role}
      liveGaps={liveModeGaps()}
    >
      <QueryProvider>{children}</QueryProvider>
    </ConsoleShell>
  );
}
