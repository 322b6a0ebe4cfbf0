// /console/business-users?mode=test|live – the tenant's company sellers: who they are, where their
// payouts go (masked), and, for admins, adding, editing and deleting them under the API's rules.
import type { Metadata } from "next";
import Link from "next/link";
import { BusinessUsersTable } from "@/components/console/business-users/business-users-table.tsx";
import { ModeTabs } from "@/components/console/kit/mode-tabs.tsx";
import { WhitelistNotice } from "@/components/console/business-users/whitelist-notice.tsx";
import { LinkPager, pageNumbers } from "@/components/console/kit/pager.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { listBusinessUsers } from "@/lib/console/business-users/list-business-users.ts";

export const metadata: Metadata = { title: "Business users" };

const NOTICES = { created: "added", updated: "saved", deleted: "deleted" } as const;

export default async function BusinessUsersPage({
  searchParams,
}: {
  searchParams: Promise<{ mode?: string; page?: string; notice?: string; name?: string }>;
}) {
  const [query, { tenant, isAdmin }] = await Promise.all([searchParams, requireStaff()]);
  const mode = query.mode === "live" ? "live" : "test";
  const page = Math.max(1, Math.min(100_000, Number.parseInt(query.page ?? "1", 10) || 1));
  const list = await listBusinessUsers(tenant, mode, page);
  const { pages } = pageNumbers(list.pagination);
  const canAdd = isAdmin && tenant.allowedBusinessIds.length > 0;
  const notice =
    query.notice && query.notice in NOTICES
      ? `${query.name ?? "The business user"} was ${NOTICES[query.notice as keyof typeof NOTICES]}.`
      : null;
  const href = (m: "test" | "live", p?: number) => `/console/business-users?mode=${m}${p && p > 1 ? `&page=${p}` : ""}`;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-2xl font-semibold tracking-tight">Business users</h1>
          <p className="mt-1 text-sm text-slate-600">
            Company sellers, identified by their company registration number and production unit, whose payouts go to a
            company bank account. A trade pays out to a business user when it names it as a prioritized payee.
          </p>
        </div>
        {canAdd && (
          <Link
            href={`/console/business-users/new?mode=${mode}`}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Add business user
          </Link>
        )}
      </div>

      {notice && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {notice}
        </p>
      )}
      <WhitelistNotice allowed={tenant.allowedBusinessIds} />
      {!isAdmin && (
        <p className="mt-4 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          You have view access: only admins can add, edit or delete business users.
        </p>
      )}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <ModeTabs mode={mode} href={(m) => href(m)} />
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.pagination.totalCount.toLocaleString("en-GB")}{" "}
          {list.pagination.totalCount === 1 ? "business user" : "business users"}
        </p>
      </div>
      <div className="mt-3">
        {list.businessUsers.length > 0 ? (
          <BusinessUsersTable list={list} mode={mode} canChange={isAdmin} />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="font-medium text-slate-900">No {mode === "test" ? "test-mode" : "live"} business users yet</p>
            <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
              {canAdd
                ? "Add one here, or create them from your backend with "
                : "Business users are created from your backend with "}
              <code className="rounded bg-slate-100 px-1 py-0.5 text-xs whitespace-nowrap text-slate-800">
                POST /api/v1/marketplace/business-users
              </code>
              {canAdd ? "." : ", or here by an admin."}
            </p>
          </div>
        )}
      </div>
      <LinkPager page={page} pages={pages} href={(p) => href(mode, p)} />
    </>
  );
}
