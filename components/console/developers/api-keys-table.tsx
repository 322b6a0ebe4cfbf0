// The tenant's API keys: name, prefix, mode, when made and last used, and whether revoked. Admins
// get a Revoke button per active key (it asks first); the full key is never shown here.
import type { ApiTokenView } from "@/lib/console/developers/api-tokens.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { consoleWhen } from "../ui.tsx";
import { ModeBadge } from "./badges.tsx";

export function ApiKeysTable({ tokens, canChange }: { tokens: ApiTokenView[]; canChange: boolean }) {
  if (!tokens.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-5 py-10 text-center text-sm text-slate-600">
        No API keys yet. Create one to call the API from your backend.
      </p>
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
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

/** One key; an active one gets Revoke when the member may change keys. */
function ApiKeyRow({ token, canChange }: { token: ApiTokenView; canChange: boolean }) {
  return (
    <tr className={`border-b border-slate-100 last:border-0 ${token.revokedAt ? "text-slate-500" : ""}`}>
      <td className="px-4 py-3 font-medium text-slate-900">{token.name}</td>
      <td className="px-4 py-3 font-mono text-xs">{token.prefix}</td>
      <td className="px-4 py-3">
        <ModeBadge mode={token.mode} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{consoleWhen(token.createdAt)}</td>
      <td className="px-4 py-3 whitespace-nowrap">{token.lastUsedAt ? consoleWhen(token.lastUsedAt) : "Never"}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {token.revokedAt ? (
          <span>Revoked {consoleWhen(token.revokedAt)}</span>
        ) : (
          <span className="inline-flex items-center gap-1.5 text-emerald-800">
            <span aria-hidden className="size-2 rounded-full bg-emerald-500" />
            Active
          </span>
        )}
      </td>
      {canChange && (
        <td className="px-4 py-3 text-right">
          {!token.revokedAt && (
            <ConfirmButton
              label="Revoke"
              tone="danger"
              title={`Revoke “${token.name}”?`}
              body={
                <>
                  Calls made with <span className="font-mono">{token.prefix}</span> are refused (401) from now on.
                  Anything still using this key stops working at once. This cannot be undone.
                </>
              }
              confirmLabel="Revoke key"
              path={`/console/api/developers/api-keys/${token.tokenId}/revoke`}
            />
          )}
        </td>
      )}
    </tr>
  );
}
