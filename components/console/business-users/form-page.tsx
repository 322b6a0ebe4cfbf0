// The frame of the add and edit pages: the way back, the title and mode, and the form only for an
// admin where the whitelist allows the change (the server refuses the rest anyway).
import Link from "next/link";
import type { ReactNode } from "react";
import { WhitelistNotice } from "./whitelist-notice.tsx";

export function FormPage({
  title,
  mode,
  isAdmin,
  allowed,
  refusal,
  children,
}: {
  title: string;
  mode: "test" | "live";
  isAdmin: boolean;
  allowed: string[];
  refusal: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={`/console/business-users?mode=${mode}`} className="text-brand-700 hover:underline">
          Business users
        </Link>
      </nav>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {mode === "test" ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Test mode</span>
        ) : (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
            Live mode
          </span>
        )}
      </div>
      {!isAdmin ? (
        <p className="mt-5 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          You have view access: only admins can add, edit or delete business users.
        </p>
      ) : refusal ? (
        <>
          <WhitelistNotice allowed={allowed} />
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            {refusal}
          </p>
        </>
      ) : (
        children
      )}
    </>
  );
}
