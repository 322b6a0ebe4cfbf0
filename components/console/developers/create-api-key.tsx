"use client";
// Creating an API key: a name and a mode, then the whole key with a copy button (a live key this
// once; a test key an admin can show again). The key lives only in this component's state;
// closing the dialog forgets it.
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { consolePost } from "../kit/console-post.ts";
import { KeyField } from "./key-field.tsx";
import { apiKeyCreate } from "@/lib/console/operations/developers.ts";

type Created = { name: string; mode: "test" | "live"; prefix: string; token: string };

export function CreateApiKey() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  function open() {
    setError(null);
    setCreated(null);
    dialog.current?.showModal();
  }

  const close = () => dialog.current?.close();

  function forget() {
    // Whether closed by a button or Escape: drop the key and show the list with it.
    if (created) {
      setCreated(null);
      router.refresh();
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await consolePost(
      apiKeyCreate,
      {},
      // The form's text field and its select of the two modes, sent as they are: the server checks them.
      { name: form.get("name") as string | null, mode: form.get("mode") as "test" | "live" | null },
      () => "The key could not be created. Try again.",
    );
    setBusy(false);
    if (result.ok) setCreated(result.data);
    else setError(result.error);
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Create API key
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={forget}
        className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        {created ? (
          <NewKey created={created} titleId={titleId} close={close} />
        ) : (
          <KeyForm titleId={titleId} submit={submit} close={close} busy={busy} error={error} />
        )}
      </dialog>
    </>
  );
}

/** The whole key, this once. */
function NewKey({ created, titleId, close }: { created: Created; titleId: string; close: () => void }) {
  return (
    <div className="p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        Your new API key
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        “{created.name}”, {created.mode === "live" ? "live: it moves real money" : "test: sandbox only"}.
      </p>
      <div role="note" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {created.mode === "live" ? (
          <>
            <strong className="font-semibold">Copy it now: you won’t see it again.</strong> We keep only a fingerprint
            of it.
          </>
        ) : (
          <>
            <strong className="font-semibold">Copy it now.</strong> An admin can show a test key again on this page.
          </>
        )}{" "}
        Store it in your server’s secrets, never in a browser or an app.
      </div>
      <KeyField id={`${titleId}-key`} token={created.token} />
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={close}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          I’ve copied it
        </button>
      </div>
    </div>
  );
}

interface KeyFormProps {
  titleId: string;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  close: () => void;
  busy: boolean;
  error: string | null;
}

function KeyForm({ titleId, submit, close, busy, error }: KeyFormProps) {
  return (
    <form onSubmit={(e) => void submit(e)} className="p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        Create an API key
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        One key per integration makes it easy to see who calls and to revoke one without the others.
      </p>
      <label htmlFor={`${titleId}-name`} className="mt-4 block text-xs font-medium text-slate-700">
        Name
      </label>
      <input
        id={`${titleId}-name`}
        name="name"
        required
        maxLength={64}
        placeholder="e.g. Checkout backend"
        autoComplete="off"
        className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 text-sm"
      />
      <fieldset className="mt-4">
        <legend className="text-xs font-medium text-slate-700">Mode</legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          <ModeChoice value="test" title="Test" description="Sandbox: simulated payments and parcels." defaultChecked />
          <ModeChoice value="live" title="Live" description="Real trades and real money." />
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button
          type="button"
          onClick={close}
          className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Creating…" : "Create key"}
        </button>
      </div>
    </form>
  );
}

function ModeChoice({
  value,
  title,
  description,
  defaultChecked,
}: {
  value: string;
  title: string;
  description: string;
  defaultChecked?: boolean;
}) {
  return (
    <label className="flex cursor-pointer gap-2 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="radio" name="mode" value={value} defaultChecked={defaultChecked} className="mt-0.5" />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-xs text-slate-600">{description}</span>
      </span>
    </label>
  );
}
