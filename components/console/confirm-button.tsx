"use client";
// A button that asks first (a modal dialog says what will happen), then posts the change and
// shows the page again with the result.
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type ReactNode } from "react";
import { consolePost } from "./kit/console-post.ts";

export function ConfirmButton({ label, title, body, confirmLabel, path, payload, tone = "primary" }: { label: string; title: string; body: ReactNode; confirmLabel: string; path: string; payload?: unknown; tone?: "primary" | "danger" }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const colour = tone === "danger" ? "bg-red-700 hover:bg-red-800 text-white" : "bg-brand-600 hover:bg-brand-700 text-white";

  async function confirm() {
    setBusy(true);
    const result = await consolePost(path, payload);
    setBusy(false);
    if (result.ok) {
      dialog.current?.close();
      router.refresh();
    } else {
      setError(result.error);
    }
  }

  return (
    <>
      <button type="button" onClick={() => { setError(null); dialog.current?.showModal(); }} className={`rounded-lg px-3 py-2 text-sm font-semibold ${tone === "danger" ? "border border-red-300 bg-white text-red-800 hover:bg-red-50" : "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50"}`}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="m-auto w-full max-w-md rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-700">{body}</div>
          {error && (
            <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
              {error}
            </p>
          )}
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Keep it
            </button>
            <button type="button" disabled={busy} onClick={() => void confirm()} className={`rounded-lg px-3 py-2 text-sm font-semibold disabled:opacity-60 ${colour}`}>
              {busy ? "Working…" : confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
