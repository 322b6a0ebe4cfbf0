// The frame of every hosted page: the marketplace's name and brand colour, the language switch, a
// sandbox notice, and one narrow card that reads well in an in-app browser on a 360 px phone.
import type { ReactNode } from "react";
import type { HostedSessionKind } from "@/lib/db/generated/enums.ts";
import type { Locale } from "@/lib/locale.ts";
import type { Messages } from "@/lib/i18n/index.ts";
import { brandStyle } from "@/lib/hosted/brand.ts";
import { LockIcon } from "./ui.tsx";

export interface ShellProps {
  locale: Locale;
  t: Messages;
  nonce?: string;
  /** The marketplace's name, when the link is known. */
  marketplace?: string;
  brandColor?: string | null;
  sandbox?: boolean;
  /** This page's address without its query, for the language switch. */
  path: string;
  /** Two columns on a wide screen (checkout: the order beside the payment). */
  wide?: boolean;
  /** What the footer vouches for: the escrow of a payment (the default), an eID sign-in, a payout account. */
  footer?: FooterKind;
}

export type FooterKind = "escrow" | "identity" | "payout";

// A page where nothing is paid does not say "secure payment".
const FOOTER_BY_KIND: Partial<Record<HostedSessionKind, FooterKind>> = { Connect: "identity", PayoutAccount: "payout" };

export function HostedShell({
  locale,
  t,
  nonce,
  marketplace,
  brandColor,
  sandbox,
  path,
  wide,
  footer = "escrow",
  children,
}: ShellProps & { children: ReactNode }) {
  const brand = brandStyle(brandColor);
  const width = wide ? "max-w-md md:max-w-4xl" : "max-w-md";
  const other = locale === "da" ? "en" : "da";
  return (
    <div lang={locale} className="flex min-h-screen flex-col">
      {brand && <style nonce={nonce}>{brand}</style>}
      <header className="border-b border-slate-200 bg-white">
        <div className={`mx-auto flex ${width} items-center justify-between gap-3 px-4 py-3`}>
          <p className="flex min-w-0 items-center gap-2 font-semibold">
            {marketplace && (
              <span
                aria-hidden="true"
                className="grid h-8 w-8 flex-none place-items-center rounded-lg bg-brand-600 text-sm font-bold text-brand-on"
              >
                {marketplace.trim().charAt(0).toUpperCase()}
              </span>
            )}
            <span className="truncate">{marketplace ?? "\u00a0"}</span>
          </p>
          <a
            href={`${path}?lang=${other}`}
            hrefLang={other}
            lang={other}
            className="inline-flex min-h-11 flex-none items-center rounded-md px-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {t.common.switchLanguage}
          </a>
        </div>
      </header>
      {sandbox && (
        <p role="note" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          {t.common.sandbox}
        </p>
      )}
      <main className={`mx-auto w-full ${width} flex-1 px-4 py-5 sm:py-10`}>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
      </main>
      <footer className={`mx-auto flex w-full ${width} items-start gap-2 px-4 pb-8 text-xs text-slate-600`}>
        <LockIcon className="mt-0.5 h-4 w-4 flex-none" />
        <p>{t.common.footer[footer]}</p>
      </footer>
    </div>
  );
}

/** The shell's props for a page of a known (or unknown) link. */
export function shellFor(
  page: { locale: Locale; t: Messages; nonce?: string },
  session: {
    mode: string;
    kind: HostedSessionKind;
    tenant: { name: string; brandName: string | null; brandColor: string | null };
  } | null,
  path: string,
): ShellProps {
  return {
    locale: page.locale,
    t: page.t,
    nonce: page.nonce,
    marketplace: session ? (session.tenant.brandName ?? session.tenant.name) : undefined,
    brandColor: session?.tenant.brandColor,
    sandbox: session?.mode === "test",
    path,
    footer: (session && FOOTER_BY_KIND[session.kind]) ?? "escrow",
  };
}
