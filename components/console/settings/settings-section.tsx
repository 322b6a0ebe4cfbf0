"use client";
// The parts every settings section shares: a titled card with its explanation on the left, the
// fields on the right, and (for admins) one Save that posts the whole section; the server's
// per-field problems come back and show next to their fields, and nothing is saved then.
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { fillPath, type AnswerOf, type BodyOf, type PathParams } from "@/lib/console/operations/operation.ts";
import { sendConsoleCall, type Draft, type PostOperation } from "../kit/console-post.ts";

export type FieldErrors = Record<string, string>;

/** Saving one section through its operation (a settings endpoint without path parameters). */
export function useSectionSave<O extends PostOperation>(operation: O) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  async function save(body: Draft<BodyOf<O>>): Promise<AnswerOf<O> | null> {
    setBusy(true);
    setSaved(false);
    const path = fillPath(operation, {} as PathParams<O["path"]>);
    const result = await sendConsoleCall<AnswerOf<O>>({ path, body });
    setBusy(false);
    if (!result.ok) {
      setFields(result.fields);
      setError(Object.keys(result.fields).length ? "Nothing was saved. Fix the fields marked below." : result.error);
      return null;
    }
    setFields({});
    setError(null);
    setSaved(true);
    router.refresh();
    return result.data;
  }
  const edited = () => setSaved(false);
  return { busy, error, fields, saved, save, edited };
}

export function SettingsSection({
  id,
  title,
  description,
  children,
  canEdit,
  onSubmit,
  busy,
  error,
  saved,
  note,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  canEdit: boolean;
  onSubmit?: () => void;
  busy?: boolean;
  error?: string | null;
  saved?: boolean;
  note?: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit?.();
  }
  const body = (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="space-y-5 px-5 py-5">
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {error}
          </p>
        )}
        {children}
      </div>
      {(canEdit && onSubmit) || note ? (
        <div className="flex items-center justify-end gap-3 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3">
          {note && <p className="mr-auto text-sm text-slate-600">{note}</p>}
          <span role="status" className="text-sm text-emerald-800">
            {saved ? "Saved" : ""}
          </span>
          {canEdit && onSubmit && (
            <button
              type="submit"
              disabled={busy}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {busy ? "Saving…" : `Save ${title.toLowerCase()}`}
            </button>
          )}
        </div>
      ) : null}
    </div>
  );
  return (
    <section
      aria-labelledby={id}
      className="grid items-start gap-4 border-b border-slate-200 py-8 first:pt-2 last:border-0 lg:grid-cols-[17rem_1fr] lg:gap-10 [&>*]:min-w-0"
    >
      <div className="break-words">
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
        <div className="mt-1 text-sm text-slate-600">{description}</div>
      </div>
      {canEdit && onSubmit ? (
        <form onSubmit={submit} noValidate aria-labelledby={id}>
          {body}
        </form>
      ) : (
        body
      )}
    </section>
  );
}

export function FieldProblem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  );
}

export const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border px-3 py-2 text-sm ${invalid ? "border-red-500 ring-1 ring-red-500" : "border-slate-400"}`;

/** A value as a viewer sees it: label and value, no control. */
export function ReadOnlyValue({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-2 last:border-0 last:pb-0">
      <span className="text-sm text-slate-600">{label}</span>
      <span className="text-right text-sm font-medium break-all">{children}</span>
    </div>
  );
}
