"use client";
// The signing secret, shown once (after creating an endpoint or rotating its secret): copy it now,
// it is not shown again.
import { useState, type ReactNode } from "react";

export function SecretPanel({ secret, title, children }: { secret: string; title: string; children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
  }
  return (
    <section aria-labelledby="secret-title" className="rounded-xl border border-amber-300 bg-amber-50 px-5 py-4">
      <h2 id="secret-title" className="font-semibold text-amber-950">
        {title}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Copy it now and store it with your webhook handler: it is shown only this once. Verify each delivery’s{" "}
        <code>webhook-signature</code> with it (the Standard Webhooks libraries do this).
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="signing-secret" className="sr-only">
          Signing secret
        </label>
        <input
          id="signing-secret"
          readOnly
          value={secret}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800"
        >
          {copied ? "Copied" : "Copy secret"}
        </button>
      </div>
      {children && <div className="mt-3 text-sm text-amber-950">{children}</div>}
    </section>
  );
}
