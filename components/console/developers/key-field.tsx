"use client";
// A whole API key on screen (made just now, or a test key shown again): read only, selected on
// focus, with a copy button.
import { CopyButton } from "./copy-button.tsx";

export function KeyField({ id, token }: { id: string; token: string }) {
  return (
    <>
      <label htmlFor={id} className="mt-4 block text-xs font-medium text-slate-700">
        API key
      </label>
      <input
        id={id}
        readOnly
        value={token}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
      />
      <div className="mt-3">
        <CopyButton value={token} label="Copy key" />
      </div>
    </>
  );
}
