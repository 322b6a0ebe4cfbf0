"use client";
// Copies a value to the clipboard and says so; where the browser refuses, asks to copy by hand.
import { useState } from "react";

export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void copy()}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-50"
      >
        {state === "copied" ? "Copied" : label}
      </button>
      <span aria-live="polite" className="text-xs text-slate-600">
        {state === "copied"
          ? "Copied to the clipboard."
          : state === "failed"
            ? "Select the key and copy it by hand."
            : ""}
      </span>
    </span>
  );
}
