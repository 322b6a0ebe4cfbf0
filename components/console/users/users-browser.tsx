"use client";
// The connected users list: search, mode and KYC filters and paging, all in the address
// (shareable, the back button works), fetched from /console/api/users (useListQuery); the
// previous page stays on screen while the next loads.
import Link from "next/link";
import { useState } from "react";
import type { UserListPage } from "@/lib/console/users/list-users.ts";
import { userList } from "@/lib/console/operations/users.ts";
import { FilterFields, MODE_OPTIONS, SearchForm, type FilterField } from "../kit/filters.tsx";
import { ListTable, ROW, TD, Th, type ListEmpty } from "../kit/list-table.tsx";
import { OffsetPager } from "../kit/pager.tsx";
import { useListQuery } from "../kit/use-list-query.ts";
import { consoleWhen } from "../ui.tsx";
import { KycBadge } from "./kyc-badge.tsx";

const KYC_OPTIONS: [string, string][] = [
  ["", "Any level"],
  ["1", "1 · Medium"],
  ["2", "2 · High"],
];

const USER_FILTERS: FilterField[] = [
  { key: "mode", label: "Mode", options: MODE_OPTIONS, fallback: "test", className: "w-44" },
  { key: "kyc", label: "KYC level", options: KYC_OPTIONS, className: "w-44" },
];

function emptyList(filtered: boolean, mode: "test" | "live"): ListEmpty {
  if (filtered) return { title: "No users match.", hint: "Try another id or name, or clear the KYC filter." };
  return {
    title: `No ${mode === "live" ? "live" : "sandbox"} users have connected yet.`,
    hint: "A user appears here once they finish the connect flow (or, in the sandbox, after POST /api/v1/sandbox/users/{id}/connect).",
  };
}

export function UsersBrowser() {
  const { data, isFetching, isError, params, update } = useListQuery({
    operation: userList,
    pagingKeys: ["page"],
  });
  const [search, setSearch] = useState(params.get("q") ?? "");
  const mode = params.get("mode") === "live" ? "live" : "test";
  const filtered = Boolean(params.get("q") || params.get("kyc"));

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm
          id="q"
          label="Search"
          placeholder="Marketplace user id or name"
          value={search}
          onChange={setSearch}
          onSearch={(q) => update({ q })}
          className="flex min-w-72 flex-1 items-end gap-3"
          fieldClassName="flex-1"
        />
        <FilterFields fields={USER_FILTERS} params={params} update={update} />
      </div>
      <ListTable
        caption="Connected users"
        tableClassName="min-w-[44rem]"
        head={
          <>
            <Th>User</Th>
            <Th>KYC level</Th>
            <Th>Connected</Th>
            <Th right>Trades</Th>
          </>
        }
        columns={4}
        rows={data?.users.length}
        isFetching={isFetching}
        isError={isError}
        loading="Loading users…"
        empty={emptyList(filtered, mode)}
        failed="The users could not be loaded. Try again."
      >
        {data?.users.map((user) => (
          <UserRow key={user.marketplaceUserId} user={user} />
        ))}
      </ListTable>
      <OffsetPager pagination={data?.pagination} noun={["user", "users"]} update={update} />
    </div>
  );
}

function UserRow({ user }: { user: UserListPage["users"][number] }) {
  return (
    <tr className={ROW}>
      <td data-lead className={TD}>
        <Link
          href={`/console/users/${encodeURIComponent(user.marketplaceUserId)}?mode=${user.mode}`}
          className="font-medium text-brand-700 hover:underline"
        >
          {user.marketplaceUserId}
        </Link>
        <span className="block text-xs text-slate-600">{user.name}</span>
      </td>
      <td data-label="KYC level" className={TD}>
        <KycBadge level={user.kycLevel} />
      </td>
      <td data-label="Connected" className={`${TD} whitespace-nowrap text-slate-600`}>
        {consoleWhen(user.connectedAt, "minute")}
      </td>
      <td data-label="Trades" className={`${TD} text-right tabular-nums`}>
        {user.trades.toLocaleString("en-GB")}
      </td>
    </tr>
  );
}
