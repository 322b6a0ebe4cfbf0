"use client";
// What an admin does to one endpoint: send it a test event, turn it off or on, rotate its signing
// secret (the new one is shown once; the old one keeps signing for 24 hours), delete it. The
// server checks the admin role again for each.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "../kit/confirm-dialog.tsx";
import {
  webhookSubscriptionDelete,
  webhookSubscriptionRotateSecret,
  webhookSubscriptionTest,
  webhookSubscriptionUpdate,
} from "@/lib/console/operations/webhooks.ts";
import { consoleCall, sendConsoleCall, type ConsoleCall } from "../kit/console-post.ts";
import { consoleWhen } from "../ui.tsx";
import { SecretPanel } from "./secret-panel.tsx";

const BUTTON =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60";

interface Target {
  id: string;
  mode: string;
  url: string;
  enabled: boolean;
}

type Rotated = { secret: string; until: string | null };

/** Runs one action at a time; its outcome (or the server's refusal) shows beside the buttons. */
function useEndpointActions() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ReactNode>(null);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<Rotated | null>(null);
  async function run<T>(call: ConsoleCall<T>, done: (data: T) => void) {
    setBusy(true);
    setError(null);
    setMessage(null);
    const result = await sendConsoleCall(call);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    done(result.data);
    return true;
  }
  return { busy, message, error, rotated, setMessage, setRotated, run };
}

export function SubscriptionActions({ subscription }: { subscription: Target }) {
  const router = useRouter();
  const endpoint = { subscriptionId: subscription.id };
  const { busy, message, error, rotated, setMessage, setRotated, run } = useEndpointActions();
  const deliveries = `/console/webhooks/deliveries?mode=${subscription.mode}&subscription=${subscription.id}&event=webhook.test`;

  const sendTest = () =>
    run(consoleCall(webhookSubscriptionTest, endpoint), () => {
      setMessage(<TestQueued deliveries={deliveries} />);
      router.refresh();
    });
  const toggle = () =>
    run(consoleCall(webhookSubscriptionUpdate, endpoint, { enabled: !subscription.enabled }), () => {
      setMessage(subscription.enabled ? "Endpoint disabled: no events are sent to it." : "Endpoint enabled.");
      router.refresh();
    });
  const rotate = () =>
    run(consoleCall(webhookSubscriptionRotateSecret, endpoint), (data) => {
      setRotated({ secret: data.secret, until: data.secretRotatedUntil });
      router.refresh();
    });
  const remove = () =>
    run(consoleCall(webhookSubscriptionDelete, endpoint), () =>
      router.push(`/console/webhooks?mode=${subscription.mode}`),
    );

  return (
    <div className="flex flex-col items-end gap-2">
      <div role="group" aria-label="Endpoint actions" className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          disabled={busy || !subscription.enabled}
          onClick={() => void sendTest()}
          className={BUTTON}
          title={subscription.enabled ? undefined : "Enable the endpoint first"}
        >
          Send test event
        </button>
        <button type="button" disabled={busy} onClick={() => void toggle()} className={BUTTON}>
          {subscription.enabled ? "Disable" : "Enable"}
        </button>
        <RotateSecret onConfirm={rotate} />
        <DeleteEndpoint url={subscription.url} onConfirm={remove} />
      </div>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      )}
      {rotated && <RotatedSecret rotated={rotated} />}
    </div>
  );
}

function TestQueued({ deliveries }: { deliveries: string }) {
  return (
    <>
      Test event queued.{" "}
      <Link href={deliveries} className="font-semibold text-brand-700 underline">
        See it in the delivery log
      </Link>
    </>
  );
}

// The outcome, or the refusal, shows beside the buttons: the dialog closes either way.
const closing = (action: () => Promise<boolean>) => async () => {
  await action();
  return null;
};

function RotateSecret({ onConfirm }: { onConfirm: () => Promise<boolean> }) {
  return (
    <ConfirmDialog
      label="Rotate secret"
      title="Rotate the signing secret?"
      confirmLabel="Rotate secret"
      body={
        <p>
          A new secret is issued and shown once. For the next 24 hours every delivery is signed with both the new and
          the old secret, so you can update your endpoint without missing an event.
        </p>
      }
      onConfirm={closing(onConfirm)}
    />
  );
}

function DeleteEndpoint({ url, onConfirm }: { url: string; onConfirm: () => Promise<boolean> }) {
  return (
    <ConfirmDialog
      tone="danger"
      label="Delete"
      title="Delete this endpoint?"
      confirmLabel="Delete endpoint"
      body={
        <p>
          <span className="font-mono break-all">{url}</span> stops receiving events at once, and its delivery history is
          removed. The events themselves stay in your log. This cannot be undone.
        </p>
      }
      onConfirm={closing(onConfirm)}
    />
  );
}

function RotatedSecret({ rotated }: { rotated: Rotated }) {
  return (
    <div className="mt-2 w-full max-w-2xl text-left">
      <SecretPanel secret={rotated.secret} title="New signing secret">
        {rotated.until
          ? `The previous secret keeps signing too until ${consoleWhen(rotated.until, "minute")}; after that only this one does.`
          : null}
      </SecretPanel>
    </div>
  );
}
