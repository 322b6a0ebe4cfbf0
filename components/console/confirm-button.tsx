"use client";
// A button that asks first (a modal dialog says what will happen), then posts the change and
// shows the page again with the result; a refusal stays in the dialog.
import { useRouter } from "next/navigation";
import { ConfirmDialog, type ConfirmDialogProps } from "./kit/confirm-dialog.tsx";
import { consolePost } from "./kit/console-post.ts";

export function ConfirmButton({
  path,
  payload,
  ...dialog
}: Omit<ConfirmDialogProps, "onConfirm"> & { path: string; payload?: unknown }) {
  const router = useRouter();
  async function post() {
    const result = await consolePost(path, payload);
    if (!result.ok) return result.error;
    router.refresh();
    return null;
  }
  return <ConfirmDialog {...dialog} onConfirm={post} />;
}
