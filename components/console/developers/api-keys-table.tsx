// The tenant's API keys: name, prefix, mode, when made and last used, and whether revoked (cards on
// a phone). Admins get a Revoke button per active key (it asks first), and Show key on an active
// test key (RevealApiKey); the list itself never carries a whole key.
import type { ApiTokenView } from "@/lib/console/developers/manage-api-keys.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { consoleWhen } from "../ui.tsx";
import { ModeBadge } from "./api-badges.tsx";
import { RevealApiKey } from "./reveal-api-key.tsx";
import { apiKeyRevoke } from "@/lib/console/operations/developers.ts";
import { consoleCall } from "../kit/console-post.ts";

export function ApiKeysTable({ tokens, canChange }: { tokens: ApiTokenView[]; canChange: boolean }) {
  if (!tokens.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center text-sm text-slate-600">
        No API keys yet. Create one to call the API from your backend.
      </p>
    );
  }
  return (
    <div className="card-table relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">API keys</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Key
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Mode
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Created
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Last used
            </th>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Status
            </th>
            {canChange && (
              <th scope="col" className="px-4 py-2.5 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <ApiKeyRow key={token.tokenId} token={token} canChange={canChange} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One key; an active one gets Revoke (and a test key Show key) when the member may change keys. */
function ApiKeyRow({ token, canChange }: { token: ApiTokenView; canChange: boolean }) {
  return (
    <tr className={`border-b border-slate-100 last:border-0 ${token.revokedAt ? "text-slate-500" : ""}`}>
      <td data-lead className="px-4 py-3 font-medium text-slate-900">
        {token.name}
      </td>
      <td data-label="Key" className="px-4 py-3 font-mono text-xs">
        {token.prefix}
      </td>
      <td data-label="Mode" className="px-4 py-3">
        <ModeBadge mode={token.mode} />
      </td>
      <td data-label="Created" className="px-4 py-3">
        {consoleWhen(token.createdAt, "minute")}
      </td>
      <td data-label="Last used" className="px-4 py-3">
        {token.lastUsedAt ? consoleWhen(token.lastUsedAt, "minute") : "Never"}
      </td>
      <td data-label="Status" className="px-4 py-3">
        <KeyStatus token={token} />
      </td>
      {canChange && (
        <td className="px-4 py-3 text-right">
          {!token.revokedAt && (
            <div className="flex justify-end gap-2 whitespace-nowrap @max-[40rem]:mt-2 @max-[40rem]:justify-start">
              {token.revealable && <RevealApiKey tokenId={token.tokenId} name={token.name} />}
              <RevokeApiKey token={token} />
            </div>
          )}
        </td>
      )}
    </tr>
  );
}

function KeyStatus({ token }: { token: ApiTokenView }) {
  if (token.revokedAt) return <span className="whitespace-nowrap">Revoked {consoleWhen(token.revokedAt)}</span>;
  return (
    <>
      <span className="inline-flex items-center gap-1.5 text-emerald-800">
        <span aria-hidden className="size-2 rounded-full bg-emerald-500" />
        Active
      </span>
      {token.revealed && (
        <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
          Shown again {consoleWhen(token.revealed.at, "minute")}
          {token.revealed.by ? ` by ${token.revealed.by}` : ""}
        </span>
      )}
    </>
  );
}

function RevokeApiKey({ token }: { token: ApiTokenView }) {
  return (
    <ConfirmButton
      label="Revoke"
      tone="danger"
      title={`Revoke “${token.name}”?`}
      body={
        <>
          Calls made with <span className="font-mono">{token.prefix}</span> are refused (401) from now on. Anything
          still using this key stops working at once. This cannot be undone.
        </>
      }
      confirmLabel="Revoke key"
      call={consoleCall(apiKeyRevoke, { tokenId: token.tokenId })}
    />
  );
}
