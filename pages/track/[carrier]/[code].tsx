// The SIMULATED carriers' tracking page: the labelTracking address of a trade's parcel. Shows the
// tracking events (which the sandbox sends), as a carrier's public tracking page would: nothing
// about the sender or the receiver.
import type { PageConfig } from "next";
import { HostedShell } from "@/components/hosted/hosted-shell.tsx";
import StaticPage, { staticPageProps } from "@/components/static-page.tsx";
import { db } from "@/lib/db/client.ts";
import { LANGUAGE_COOKIE } from "@/lib/hosted/cookies.ts";
import { param } from "@/lib/hosted/hosted-page.ts";
import { header, type PageRequest } from "@/lib/http/page-request.ts";
import { formatDateTime } from "@/lib/dates.ts";
import { messagesFor, resolveLocale } from "@/lib/i18n/index.ts";
import { carrierCatalogue } from "@/lib/outside-parties.ts";
import { CARRIER_IDS, type CarrierId } from "@/lib/shipping/carrier.ts";

// Plain HTML: no JavaScript at all (components/static-page.tsx).
export const config: PageConfig = { unstable_runtimeJS: false };
export const getServerSideProps = staticPageProps<"carrier" | "code">(async (request, { carrier, code }) => ({
  title: "Parcel tracking",
  body: await TrackingPage(request, carrier, code),
  noindex: true,
}));
export default StaticPage;

async function TrackingPage(request: PageRequest, carrier: string, code: string) {
  const locale = resolveLocale(
    param(request.search.lang),
    request.cookies[LANGUAGE_COOKIE],
    header(request, "accept-language") ?? null,
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
      nonce={header(request, "x-nonce")}
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
