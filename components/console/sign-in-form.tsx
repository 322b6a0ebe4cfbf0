"use client";
// The console's sign-in form: next-auth's credentials sign-in, answered on the page.
import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";

function problem(error: string | null | undefined): string | null {
  if (!error) return null;
  const limited = /^rate-limited:(\d+)$/.exec(error);
  if (limited) return `Too many failed attempts. Try again in ${Math.ceil(Number(limited[1]) / 60)} minutes.`;
  return "That email and password do not match a console user.";
}

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(problem(params.get("error")));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const form = new FormData(event.currentTarget);
    const result = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
    setBusy(false);
    if (result?.ok && !result.error) {
      const next = params.get("callbackUrl");
      router.replace(next && next.startsWith("/console") ? next : "/console/overview");
      router.refresh();
    } else {
      setError(problem(result?.error ?? "invalid"));
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium text-slate-800">
          Email
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          Password
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2" />
      </div>
      <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
