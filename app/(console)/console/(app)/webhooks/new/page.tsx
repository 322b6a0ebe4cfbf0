// /console/webhooks/new – add a webhook endpoint (admins); its signing secret is shown once.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SubscriptionForm } from "@/components/console/webhooks/subscription-form.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";

export const metadata: Metadata = { title: "Add webhook endpoint" };

export default async function NewWebhookPage({ searchParams }: { searchParams: Promise<{ mode?: string }> }) {
  const [{ mode: asked }, { isAdmin }] = await Promise.all([searchParams, requireStaff()]);
  const mode = asked === "live" ? "live" : "test";
  if (!isAdmin) redirect(`/console/webhooks?mode=${mode}`);
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href={`/console/webhooks?mode=${mode}`} className="text-brand-700 hover:underline">
          Webhooks
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Add a {mode} endpoint</h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        {mode === "live"
          ? "Live events: real trades and real money."
          : "Sandbox events, from trades made with your test token."}{" "}
        Each event is a signed JSON POST; answer with any 2xx status within 15 seconds.
      </p>
      <div className="mt-6 max-w-3xl rounded-xl border border-slate-200 bg-white p-6">
        <SubscriptionForm mode={mode} />
      </div>
    </>
  );
}
