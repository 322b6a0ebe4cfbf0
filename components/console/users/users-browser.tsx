"use client";
// The connected users list: search, mode and KYC filters and paging, all in the address
// (shareable, the back button works), fetched with TanStack Query from /console/api/users; the
// previous page stays on screen while the next loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useAddressUpdate } from "../use-address-update.ts";
import { useState, type FormEvent } from "react";
import type { UserListPage } from "@/lib/console/users/list-users.ts";
import { KycBadge } from "./kyc-badge.tsx";
import { FilterSelect } from "../filter-select.tsx";
import { PagerNav, pageSummary } from "../pager-nav.tsx";

const when = (iso: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(new Date(iso));

/** Keys that page the list; changing any other key starts again at the top. */
const PAGING_KEYS = ["page"];

export function UsersBrowser() {
  const params = useSearchParams();
  const query = params.toString();
  const mode = params.get("mode") === "live" ? "live" : "test";
  const { data, isFetching, isError } = useQuery({
    queryKey: ["users", query],
    queryFn: async (): Promise<UserListPage> => {
      const response = await fetch(`/console/api/users?${query}`);
      if (!response.ok) throw new Error(`The users could not be loaded (${response.status}).`);
      return response.json();
    },
    placeholderData: keepPreviousData,
  });

  const update = useAddressUpdate(PAGING_KEYS);

  const [search, setSearch] = useState(params.get("q") ?? "");
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined });
  };
  const page = data?.pagination.page ?? 1;
  const pages = data ? Math.max(1, Math.ceil(data.pagination.totalCount / data.pagination.pageSize)) : 1;
  const filtered = Boolean(params.get("q") || params.get("kyc"));

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <form onSubmit={onSearch} role="search" className="flex min-w-72 flex-1 items-end gap-3">
          <div className="flex-1">
            <label htmlFor="q" className="block text-xs font-medium text-slate-700">
              Search
            </label>
            <input id="q" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Marketplace user id or name" className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm" />
          </div>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            Search
          </button>
        </form>
        <FilterSelect className="w-44" id="mode" label="Mode" value={mode} onChange={(v) => update({ mode: v })} options={[["test", "Test (sandbox)"], ["live", "Live"]]} />
        <FilterSelect className="w-44" id="kyc" label="KYC level" value={params.get("kyc") ?? ""} onChange={(v) => update({ kyc: v })} options={[["", "Any level"], ["1", "1 · Medium"], ["2", "2 · High"]]} />
      </div>

      <div className="relative mt-5 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Connected users</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                User
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                KYC level
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Connected
              </th>
              <th scope="col" className="px-4 py-2.5 text-right font-semibold">
                Trades
              </th>
            </tr>
          </thead>
          <tbody className={isFetching ? "opacity-60" : ""}>
            {data?.users.map((user) => (
              <tr key={user.marketplaceUserId} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
                <td className="px-4 py-2.5">
                  <Link href={`/console/users/${encodeURIComponent(user.marketplaceUserId)}?mode=${user.mode}`} className="font-medium text-brand-700 hover:underline">
                    {user.marketplaceUserId}
                  </Link>
                  <span className="block text-xs text-slate-600">{user.name}</span>
                </td>
                <td className="px-4 py-2.5">
                  <KycBadge level={user.kycLevel} />
                </td>
                <td className="px-4 py-2.5 whitespace-nowrap text-slate-600">{when(user.connectedAt)}</td>
                <td className="px-4 py-2.5 text-right tabular-nums">{user.trades.toLocaleString("en-GB")}</td>
              </tr>
            ))}
            {data && data.users.length === 0 && (
              <tr>
                <td colSpan={4} className="px-4 py-12 text-center">
                  <p className="font-medium text-slate-900">{filtered ? "No users match." : `No ${mode === "live" ? "live" : "sandbox"} users have connected yet.`}</p>
                  <p className="mt-1 text-slate-600">
                    {filtered ? "Try another id or name, or clear the KYC filter." : "A user appears here once they finish the connect flow (or, in the sandbox, after POST /api/v1/sandbox/users/{id}/connect)."}
                  </p>
                </td>
              </tr>
            )}
            {!data && !isError && (
              <tr>
                <td colSpan={4} className="px-4 py-10 text-center text-slate-600">
                  Loading users…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          The users could not be loaded. Try again.
        </p>
      )}
      <PagerNav
        summary={pageSummary(data?.pagination.totalCount, ["user", "users"], page, pages)}
        canPrevious={page > 1}
        canNext={page < pages}
        onPrevious={() => update({ page: String(page - 1) })}
        onNext={() => update({ page: String(page + 1) })}
      />
    </div>
  );
}
