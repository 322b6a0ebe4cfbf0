// The SIMULATED carriers' tracking page: the labelTracking address of a trade's parcel. Shows the
// tracking events (which the sandbox sends), as a carrier's public tracking page would: nothing
// about the sender or the receiver.
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import { db } from "@/lib/db/client.ts";
import { LANGUAGE_COOKIE } from "@/lib/hosted/cookies.ts";
import { param } from "@/lib/hosted/hosted-page.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { messagesFor, resolveLocale } from "@/lib/i18n/index.ts";
import { carrierCatalogue } from "@/lib/outside-parties.ts";
import { CARRIER_IDS, type CarrierId } from "@/lib/shipping/carrier.ts";

type Props = {
  params: Promise<{ carrier: string; code: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Parcel tracking", robots: { index: false, follow: false } };

export default async function TrackingPage({ params, searchParams }: Props) {
  const [{ carrier, code }, search, cookieStore, headerList] = await Promise.all([
    params,
    searchParams,
    cookies(),
    headers(),
  ]);
  const locale = resolveLocale(
    param(search.lang),
    cookieStore.get(LANGUAGE_COOKIE)?.value,
    headerList.get("accept-language"),
    "en",
  );
  const t = messagesFor(locale);
  const known = (CARRIER_IDS as readonly string[]).includes(carrier)
    ? carrierCatalogue().carriers[carrier as CarrierId]
    : null;
  const label = known
    ? await db.shipmentLabel.findFirst({
        where: { carrier, labelCode: code },
        select: { id: true, mode: true, trackingEvents: { orderBy: { occurredAt: "desc" } } },
      })
    : null;
  const path = `/track/${encodeURIComponent(carrier)}/${encodeURIComponent(code)}`;
  return (
    <HostedShell
      locale={locale}
      t={t}
      nonce={headerList.get("x-nonce") ?? undefined}
      marketplace={known?.name}
      sandbox={label?.mode === "test"}
      path={path}
    >
      <h1 className="text-2xl font-semibold tracking-tight">
        {known ? t.tracking.title(known.name) : t.tracking.pageTitle}
      </h1>
      <p className="mt-1 font-mono text-slate-700 break-all">{code}</p>
      {!label ? (
        <p className="mt-4 text-slate-700">{t.tracking.unknown}</p>
      ) : label.trackingEvents.length === 0 ? (
        <p className="mt-4 text-slate-700">{t.tracking.noEvents}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {label.trackingEvents.map((event) => (
            <li key={String(event.id)} className="border-l-2 border-brand-600 pl-3">
              <p className="font-medium">{t.tracking.events[event.event] ?? event.event}</p>
              <p className="text-sm text-slate-600">{formatDateTime(event.occurredAt, "minute", locale)}</p>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-6 text-xs text-slate-600">{t.tracking.simulated}</p>
    </HostedShell>
  );
}
