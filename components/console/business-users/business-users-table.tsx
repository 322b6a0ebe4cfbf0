// The business users of one mode, with edit and delete for admins where the whitelist allows it
// (the server checks both again). Account numbers arrive masked.
import Link from "next/link";
import type { BusinessUserList } from "@/lib/console/business-users/list-business-users.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { consoleWhen } from "../ui.tsx";
import { businessUserDelete } from "@/lib/console/operations/business-users.ts";
import { consoleCall } from "../kit/console-post.ts";

type Row = BusinessUserList["businessUsers"][number];

const keyPath = (row: Pick<Row, "businessId" | "businessLocationId">) =>
  `${encodeURIComponent(row.businessId)}/${encodeURIComponent(row.businessLocationId)}`;

export function BusinessUsersTable({
  list,
  mode,
  canChange,
}: {
  list: BusinessUserList;
  mode: "test" | "live";
  canChange: boolean;
}) {
  return (
    <div className="card-table relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Business users ({mode === "test" ? "test mode" : "live mode"})</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Business
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Business id
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold whitespace-nowrap">
              Payout account
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              Trades
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Added
            </th>
            <th scope="col" className="px-4 py-2.5 text-right font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {list.businessUsers.map((row) => (
            <BusinessUserRow key={row.serviceUserId} row={row} mode={mode} canChange={canChange} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BusinessUserRow({ row, mode, canChange }: { row: Row; mode: "test" | "live"; canChange: boolean }) {
  return (
    <tr className="border-b border-slate-100 align-top last:border-0">
      <td data-lead className="px-4 py-3">
        <p className="font-medium text-slate-900">{row.name}</p>
        <p className="text-xs text-slate-600">{[row.city, row.phoneNumber].filter(Boolean).join(" · ") || "—"}</p>
      </td>
      <td data-label="Business id" className="px-4 py-3">
        <p className="font-mono text-sm">{row.businessId}</p>
        <p className="text-xs text-slate-600">
          Location <span className="font-mono">{row.businessLocationId}</span>
        </p>
        {!row.whitelisted && (
          <p className="mt-1 inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
            Not on whitelist · read only
          </p>
        )}
      </td>
      <td data-label="Payout account" className="px-4 py-3 font-mono text-xs whitespace-nowrap">
        {row.payoutAccount}
      </td>
      <td data-label="Trades" className="px-4 py-3 text-right text-xs whitespace-nowrap text-slate-700">
        <span className="block tabular-nums">{row.paidOutTrades} paid out</span>
        <span className="block tabular-nums">{row.ongoingTrades} awaiting payout</span>
      </td>
      <td data-label="Added" className="px-4 py-3 whitespace-nowrap text-slate-600">
        {consoleWhen(row.createdAt, "date")}
      </td>
      <td className="px-4 py-3">
        {canChange && row.whitelisted && (
          <div className="flex justify-end gap-2 @max-[40rem]:mt-2 @max-[40rem]:justify-start">
            <Link
              href={`/console/business-users/${keyPath(row)}/edit?mode=${mode}`}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50"
            >
              Edit
            </Link>
            <DeleteBusinessUser row={row} mode={mode} />
          </div>
        )}
      </td>
    </tr>
  );
}

function DeleteBusinessUser({ row, mode }: { row: Row; mode: "test" | "live" }) {
  const ongoing = row.ongoingTrades;
  return (
    <ConfirmButton
      label="Delete"
      tone="danger"
      title={`Delete ${row.name}?`}
      confirmLabel="Delete business user"
      call={consoleCall(businessUserDelete, row, { mode })}
      body={
        <>
          <p>
            Business id {row.businessId}, location {row.businessLocationId} will no longer receive payouts.
          </p>
          <p className="mt-2">
            {ongoing > 0
              ? `${ongoing} ${ongoing === 1 ? "trade that is" : "trades that are"} not yet paid out ${ongoing === 1 ? "names" : "name"} ` +
                `it as a prioritized payee; their payout then goes to the next prioritized business user or ` +
                `the seller's own payout account.`
              : "No trade awaiting payout names it. Trades already paid out keep their history."}
          </p>
        </>
      }
    />
  );
}
