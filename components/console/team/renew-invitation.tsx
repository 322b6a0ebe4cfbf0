"use client";
// A new invitation link for a member who has not accepted (the old one stops working).
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { consolePost } from "../kit/console-post.ts";
import { InviteLink } from "./invite-link.tsx";
import { memberInvitationRenew } from "@/lib/console/operations/team.ts";

export function RenewInvitation({ staffId, email }: { staffId: string; email: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const router = useRouter();
  const [link, setLink] = useState<{ invitePath: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function renew() {
    const result = await consolePost(memberInvitationRenew, { staffId });
    if (result.ok) {
      setLink(result.data);
      setError(null);
      router.refresh();
    } else {
      setLink(null);
      setError(result.error);
    }
    dialog.current?.showModal();
  }
  return (
    <>
      <button
        type="button"
        onClick={() => void renew()}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
      >
        New link
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            New invitation link
          </h2>
          <div className="mt-3">
            {link ? (
              <InviteLink path={link.invitePath} email={email} expiresAt={link.expiresAt} />
            ) : (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                {error}
              </p>
            )}
          </div>
          <div className="mt-5 flex justify-end">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Done
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
