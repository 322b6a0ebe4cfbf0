"use client";
// Sends one webhook event again to the subscriptions that want it.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { consolePost } from "./kit/console-post.ts";
import { webhookEventRedeliver } from "@/lib/console/operations/webhooks.ts";

export function RedeliverButton({ eventId }: { eventId: string }) {
  const router = useRouter();
  const [state, setState] = useState<"idle" | "busy" | "done" | string>("idle");
  async function redeliver() {
    setState("busy");
    const result = await consolePost(webhookEventRedeliver, { eventId });
    setState(result.ok ? "done" : result.error);
    if (result.ok) router.refresh();
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        disabled={state === "busy"}
        onClick={() => void redeliver()}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        Redeliver
      </button>
      <span role="status" className="text-xs text-slate-600">
        {state === "done" ? "Queued again" : state !== "idle" && state !== "busy" ? state : ""}
      </span>
    </span>
  );
}
