"use client";
// "Show key" on an active test key (admins): asks the server for the key again and shows it in a
// dialog with a copy button; the server records who showed it. The key lives only in this
// component's state: closing the dialog forgets it. Live keys have no such button (and the server
// refuses them): they are shown only once.
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { consolePost } from "../kit/console-post.ts";
import { KeyField } from "./key-field.tsx";
import { apiKeyReveal } from "@/lib/console/operations/developers.ts";

export function RevealApiKey({ tokenId, name }: { tokenId: string; name: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ token: string } | { error: string } | null>(null);

  async function reveal() {
    setBusy(true);
    const result = await consolePost(apiKeyReveal, { tokenId });
    setBusy(false);
    setShown(result.ok ? { token: result.data.token } : { error: result.error });
    dialog.current?.showModal();
  }

  function forget() {
    // Whether closed by the button or Escape: drop the key, and show who looked last.
    setShown(null);
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void reveal()}
        disabled={busy}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60"
      >
        {busy ? "Showing…" : "Show key"}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={forget}
        className="m-auto w-full max-w-lg rounded-xl p-0 text-left whitespace-normal shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            Test key “{name}”
          </h2>
          {shown && "token" in shown ? (
            <>
              <p className="mt-1 text-sm text-slate-700">
                It works only in the sandbox. Showing it is recorded on this page, with your name.
              </p>
              <KeyField id={`${titleId}-key`} token={shown.token} />
            </>
          ) : (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {shown?.error}
            </p>
          )}
          <div className="mt-6 flex justify-end">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Done
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
