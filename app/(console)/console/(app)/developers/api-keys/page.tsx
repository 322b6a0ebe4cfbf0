// /console/developers/api-keys – the tenant's API keys: everyone sees them (by prefix), admins
// create them (a live key shown once; a test key can be shown again) and revoke them; how to make a
// first call; and which provider serves each outside party in each mode, with whether live mode is
// open and, if not, why (the notice on every page links here).
import type { Metadata } from "next";
import { ApiKeysTable } from "@/components/console/developers/api-keys-table.tsx";
import { CreateApiKey } from "@/components/console/developers/create-api-key.tsx";
import { DevelopersTabs } from "@/components/console/developers/developers-tabs.tsx";
import { QuickStart } from "@/components/console/developers/quick-start.tsx";
import { OutsidePartiesPanel } from "@/components/console/developers/outside-parties-panel.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { loadOutsideParties } from "@/lib/console/developers/load-outside-parties.ts";
import { listApiTokens } from "@/lib/console/developers/manage-api-keys.ts";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { tenant, isAdmin } = await requireStaff();
  const tokens = await listApiTokens(tenant.id);
  const example = tokens.find((t) => !t.revokedAt && t.mode === "test") ?? tokens.find((t) => !t.revokedAt);
  const baseUrl = `${(process.env.PUBLIC_BASE_URL ?? "").replace(/\/+$/, "")}/api/v1`;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Developers</h1>
          <p className="mt-1 text-sm text-slate-600">
            Keys for your backend to call the escrow API, and a log of the calls it made.
          </p>
        </div>
        {isAdmin && <CreateApiKey />}
      </div>
      <DevelopersTabs current="/console/developers/api-keys" />
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">API keys</h2>
        <p className="text-sm text-slate-600">
          {isAdmin
            ? "A live key is shown once, when you create it; a test key can be shown again. Revoke a key that may have leaked."
            : "You can see the keys; only admins can create or revoke them."}
        </p>
      </div>
      <div className="mt-3">
        <ApiKeysTable tokens={tokens} canChange={isAdmin} />
      </div>
      <QuickStart baseUrl={baseUrl} keyPrefix={example?.prefix ?? "esk_test_…"} />
      <OutsidePartiesPanel parties={loadOutsideParties()} />
    </>
  );
}
