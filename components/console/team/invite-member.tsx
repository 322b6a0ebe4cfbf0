"use client";
// Inviting a member: email, name and role in a dialog; the answer is a single-use link to send
// them, where they choose their own password.
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { consolePost } from "../kit/console-post.ts";
import { FieldProblem, inputClass } from "../settings/settings-section.tsx";
import { InviteLink } from "./invite-link.tsx";
import { teamInvite } from "@/lib/console/operations/team.ts";

type Invited = { email: string; invitePath: string; expiresAt: string };

export function InviteMember() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [invited, setInvited] = useState<Invited | null>(null);

  function open() {
    setError(null);
    setFields({});
    setInvited(null);
    dialog.current?.showModal();
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await consolePost(
      teamInvite,
      {},
      {
        email: String(form.get("email") ?? ""),
        name: String(form.get("name") ?? ""),
        // The select offers only these; the server checks it anyway.
        role: String(form.get("role") ?? "viewer") as "admin" | "viewer",
      },
    );
    setBusy(false);
    if (!result.ok) {
      setFields(result.fields);
      setError(Object.keys(result.fields).length ? null : result.error);
      return;
    }
    setInvited(result.data);
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        Invite member
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {invited ? "Invitation ready" : "Invite a team member"}
          </h2>
          {invited ? (
            <InvitationReady invited={invited} close={() => dialog.current?.close()} />
          ) : (
            <InviteForm
              submit={submit}
              close={() => dialog.current?.close()}
              busy={busy}
              error={error}
              fields={fields}
            />
          )}
        </div>
      </dialog>
    </>
  );
}

/** The answer: the link to send, and a way out of the dialog. */
function InvitationReady({ invited, close }: { invited: Invited; close: () => void }) {
  return (
    <>
      <div className="mt-3">
        <InviteLink path={invited.invitePath} email={invited.email} expiresAt={invited.expiresAt} />
      </div>
      <div className="mt-5 flex justify-end">
        <button
          type="button"
          onClick={close}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Done
        </button>
      </div>
    </>
  );
}

interface InviteFormProps {
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  close: () => void;
  busy: boolean;
  error: string | null;
  fields: Record<string, string>;
}

function InviteForm({ submit, close, busy, error, fields }: InviteFormProps) {
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 space-y-4">
      <p className="text-sm text-slate-600">
        They get a link to choose their own password. Viewers can see everything; admins can also change trades,
        settings and the team.
      </p>
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="invite-email" className="block text-sm font-medium text-slate-900">
          Email
        </label>
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="off"
          aria-invalid={fields.email ? true : undefined}
          aria-describedby={fields.email ? "invite-email-problem" : undefined}
          className={`${inputClass(!!fields.email)} mt-1`}
        />
        <FieldProblem id="invite-email-problem" message={fields.email} />
      </div>
      <div>
        <label htmlFor="invite-name" className="block text-sm font-medium text-slate-900">
          Name <span className="font-normal text-slate-600">(optional)</span>
        </label>
        <input
          id="invite-name"
          name="name"
          autoComplete="off"
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={fields.name ? "invite-name-problem" : undefined}
          className={`${inputClass(!!fields.name)} mt-1`}
        />
        <FieldProblem id="invite-name-problem" message={fields.name} />
      </div>
      <RoleChoice problem={fields.role} />
      <div className="flex justify-end gap-2 pt-1">
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
          {busy ? "Inviting…" : "Create invitation"}
        </button>
      </div>
    </form>
  );
}

const ROLES = [
  ["viewer", "Viewer", "Sees trades, users, webhooks and settings."],
  ["admin", "Admin", "Also changes them, and manages the team."],
] as const;

function RoleChoice({ problem }: { problem: string | undefined }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Role</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {ROLES.map(([value, label, hint]) => (
          <label
            key={value}
            className="flex cursor-pointer gap-2 rounded-lg border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input type="radio" name="role" value={value} defaultChecked={value === "viewer"} className="mt-0.5" />
            <span>
              <span className="block text-sm font-medium">{label}</span>
              <span className="block text-xs text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldProblem id="invite-role-problem" message={problem} />
    </fieldset>
  );
}
