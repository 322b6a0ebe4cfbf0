"use client";
// The console's sign-in form: next-auth's credentials sign-in, answered on the page. When the
// password opens logins in several marketplaces, the member chooses one and signs in again.
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useConsoleSearchParams } from "./kit/address.ts";
import { useState, type FormEvent } from "react";

type Choice = { tenantId: string; name: string };

function choicesIn(error: string | null | undefined): Choice[] | null {
  const encoded = /^choose-marketplace:([A-Za-z0-9_-]+)$/.exec(error ?? "")?.[1];
  if (!encoded) return null;
  try {
    const bytes = Uint8Array.from(atob(encoded.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as Choice[];
  } catch {
    return null;
  }
}

function problem(error: string | null | undefined): string | null {
  if (!error || choicesIn(error)) return null;
  const limited = /^rate-limited:(\d+)$/.exec(error);
  if (limited) {
    const seconds = Number(limited[1]);
    return seconds > 90
      ? `Too many failed attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`
      : `Too many failed attempts. Try again in ${seconds} seconds.`;
  }
  return "That email and password do not match a console user.";
}

export function SignInForm() {
  const router = useRouter();
  const params = useConsoleSearchParams();
  const [error, setError] = useState<string | null>(problem(params.get("error")));
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const form = new FormData(event.currentTarget);
    const result = await signIn("credentials", {
      email: String(form.get("email")),
      password: String(form.get("password")),
      tenantId: String(form.get("tenantId") ?? ""),
      redirect: false,
    });
    setBusy(false);
    if (result?.ok && !result.error) {
      const next = params.get("callbackUrl");
      router.replace(next && next.startsWith("/console") ? next : "/console/overview");
      router.refresh();
      return;
    }
    const offered = choicesIn(result?.error);
    setChoices(offered);
    setError(offered ? null : problem(result?.error ?? "invalid"));
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
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
        />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium text-slate-800">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
        />
      </div>
      {choices && <MarketplaceChoice choices={choices} />}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

/** Asked only when the password opens logins in several marketplaces; the choice goes in with the next sign-in. */
function MarketplaceChoice({ choices }: { choices: Choice[] }) {
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Which marketplace?</legend>
      <p className="text-sm text-slate-700">You have a console login in several marketplaces.</p>
      <div className="mt-2 space-y-1.5">
        {choices.map((choice, index) => (
          <label key={choice.tenantId} className="flex items-center gap-2 text-sm">
            <input type="radio" name="tenantId" value={choice.tenantId} defaultChecked={index === 0} required />
            {choice.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
