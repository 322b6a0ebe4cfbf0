"use client";
// A button that asks first: a modal dialog says what will happen, "Keep it" backs out, the
// confirm button runs the change. A refusal the change returns stays in the dialog; otherwise the
// dialog closes.
import { useId, useRef, useState, type ReactNode } from "react";

export interface ConfirmDialogProps {
  label: string;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Runs the change; answers the refusal to show, or null when the dialog may close. */
  onConfirm: () => Promise<string | null>;
  tone?: "primary" | "danger";
}

const TRIGGER = {
  primary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  danger: "border border-red-300 bg-white text-red-800 hover:bg-red-50",
};
const CONFIRM = {
  primary: "bg-brand-600 hover:bg-brand-700 text-white",
  danger: "bg-red-700 hover:bg-red-800 text-white",
};

export function ConfirmDialog({ label, title, body, confirmLabel, onConfirm, tone = "primary" }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    setError(null);
    dialog.current?.showModal();
  };
  async function confirm() {
    setBusy(true);
    const refusal = await onConfirm();
    setBusy(false);
    if (refusal) setError(refusal);
    else dialog.current?.close();
  }

  return (
    <>
      <button type="button" onClick={open} className={`rounded-lg px-3 py-2 text-sm font-semibold ${TRIGGER[tone]}`}>
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-md rounded-xl p-0 text-left whitespace-normal shadow-xl backdrop:bg-slate-900/40"
      >
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
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Keep it
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void confirm()}
              className={`rounded-lg px-3 py-2 text-sm font-semibold disabled:opacity-60 ${CONFIRM[tone]}`}
            >
              {busy ? "Working…" : confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
