// The hosted trade status page (Get trade status link): the user's status, deadline and timeline.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { HostedShell, LinkUnusable } from "@/components/hosted/hosted-shell.tsx";
import { loadStatusView } from "@/lib/hosted/status-view.ts";
import { TIMELINE_STATE } from "@/lib/trades/presentation/codes.ts";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Trade status", robots: { index: false } };

export default async function StatusPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const view = await loadStatusView(token, (await headers()).get("accept-language"));
  if (!view) return <LinkUnusable />;
  const { status, timeline, locale, returnUrl } = view;
  return (
    <HostedShell marketplace={view.marketplace}>
      <p className="text-sm font-medium text-brand-600">{view.title}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">{status.title}</h1>
      {status.description && <p className="mt-2 text-slate-600">{status.description}</p>}
      {status.deadlineDescription && <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{status.deadlineDescription}</p>}
      <ol className="mt-6 space-y-3" aria-label={locale === "da" ? "Forløb" : "Timeline"}>
        {timeline.map((step) => (
          <li key={step.id} className="flex gap-3">
            <span
              aria-hidden
              className={`mt-1.5 h-3 w-3 flex-none rounded-full ${step.state === TIMELINE_STATE.done ? "bg-emerald-500" : step.state === TIMELINE_STATE.current ? "bg-brand-500 ring-4 ring-brand-100" : "bg-slate-200"}`}
            />
            <span className={step.state === TIMELINE_STATE.skipped ? "text-slate-400 line-through" : ""}>
              <span className="block font-medium">{step.title}</span>
              <span className="block text-sm text-slate-600">{step.date ? new Date(step.date).toLocaleString(locale === "da" ? "da-DK" : "en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Copenhagen" }) : step.detailsDeadlineDescription || step.description}</span>
            </span>
          </li>
        ))}
      </ol>
      {returnUrl && (
        <a href={returnUrl} className="mt-6 block w-full rounded-lg bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700">
          {locale === "da" ? "Tilbage til markedspladsen" : "Back to the marketplace"}
        </a>
      )}
    </HostedShell>
  );
}
