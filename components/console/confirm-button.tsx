"use client";
// A button that asks first (a modal dialog says what will happen), then sends the change and
// shows the page again with the result; a refusal stays in the dialog. The change comes ready
// (consoleCall), so that a server component can build it with its operation's types.
import { useRouter } from "next/navigation";
import { ConfirmDialog, type ConfirmDialogProps } from "./kit/confirm-dialog.tsx";
import { sendConsoleCall, type ConsoleCall } from "./kit/console-post.ts";

export function ConfirmButton({ call, ...dialog }: Omit<ConfirmDialogProps, "onConfirm"> & { call: ConsoleCall }) {
  const router = useRouter();
  async function post() {
    const result = await sendConsoleCall(call);
    if (!result.ok) return result.error;
    router.refresh();
    return null;
  }
  return <ConfirmDialog {...dialog} onConfirm={post} />;
}
