"use client";
// The invitee's password form: set it (the server uses up the link), then sign in with it.
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { consolePost } from "../kit/console-post.ts";
import { FieldProblem, inputClass } from "../settings/settings-section.tsx";
import { invitationAccept } from "@/lib/console/operations/invitations.ts";

export function AcceptInvitationForm({ token, email, minLength }: { token: string; email: string; minLength: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    if (password.length < minLength)
      return setFields({ password: `Choose a password of at least ${minLength} characters.` });
    if (password !== String(form.get("confirm") ?? "")) return setFields({ confirm: "The two passwords differ." });
    setFields({});
    setBusy(true);
    const result = await consolePost(invitationAccept, {}, { token, password });
    if (!result.ok) {
      setBusy(false);
      setFields(result.fields);
      setError(Object.keys(result.fields).length ? null : result.error);
      return;
    }
    setDone(true);
    const signedIn = await signIn("credentials", { email, password, redirect: false });
    setBusy(false);
    if (signedIn?.ok && !signedIn.error) {
      router.replace("/console/trades");
      router.refresh();
    }
  }

  if (done && !busy) return <PasswordSet email={email} />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="invite-email" className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id="invite-email"
          name="email"
          type="email"
          autoComplete="username"
          readOnly
          value={email}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-slate-700"
        />
      </div>
      <NewPasswordFields minLength={minLength} fields={fields} />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? (done ? "Signing in…" : "Setting your password…") : "Set password and sign in"}
      </button>
    </form>
  );
}

/** Shown when the password is set but signing in with it did not work: the way to sign in by hand. */
function PasswordSet({ email }: { email: string }) {
  return (
    <p role="status" className="text-sm text-slate-800">
      Your password is set.{" "}
      <Link href="/console/sign-in" className="font-medium text-brand-700 hover:underline">
        Sign in
      </Link>{" "}
      with {email}.
    </p>
  );
}

/** The new password and its repetition, each with the problem the form or the server found. */
function NewPasswordFields({ minLength, fields }: { minLength: number; fields: Record<string, string> }) {
  return (
    <>
      <div>
        <label htmlFor="new-password" className="block text-sm font-medium text-slate-800">
          Password
        </label>
        <p id="new-password-hint" className="text-sm text-slate-600">
          At least {minLength} characters. A few unrelated words make a good one.
        </p>
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          aria-invalid={fields.password ? true : undefined}
          aria-describedby={fields.password ? "new-password-problem new-password-hint" : "new-password-hint"}
          className={`${inputClass(!!fields.password)} mt-1`}
        />
        <FieldProblem id="new-password-problem" message={fields.password} />
      </div>
      <div>
        <label htmlFor="confirm-password" className="block text-sm font-medium text-slate-800">
          Repeat the password
        </label>
        <input
          id="confirm-password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={fields.confirm ? true : undefined}
          aria-describedby={fields.confirm ? "confirm-password-problem" : undefined}
          className={`${inputClass(!!fields.confirm)} mt-1`}
        />
        <FieldProblem id="confirm-password-problem" message={fields.confirm} />
      </div>
    </>
  );
}
