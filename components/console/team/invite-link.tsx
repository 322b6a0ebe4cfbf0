"use client";
// An invitation link, shown once (only its hash is kept): the full address to copy and send.
import { useState } from "react";
import { consoleWhen } from "../ui.tsx";

export function InviteLink({ path, email, expiresAt }: { path: string; email: string; expiresAt: string }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${path}`;
  async function copy() {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  }
  return (
    <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm text-emerald-950">
        Send this link to <strong>{email}</strong>. It works once, until {consoleWhen(expiresAt)}, and is shown only
        now.
      </p>
      <div className="mt-3 flex gap-2">
        <label htmlFor="invite-link" className="sr-only">
          Invitation link
        </label>
        <input
          id="invite-link"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-xs"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="shrink-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </div>
  );
}
