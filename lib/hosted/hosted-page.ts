// What every hosted page loads first: its link (bound to this browser), the locale, the words,
// the CSP nonce. Wrapped in React's cache() so that generateMetadata and the page share one load.
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import type { HostedSessionKind } from "../db/generated/enums.ts";
import { BROWSER_COOKIE, IDENTITY_COOKIE, LANGUAGE_COOKIE } from "./cookies.ts";
import { messagesFor, resolveLocale } from "../i18n/index.ts";
import { openSession } from "./open-session.ts";

async function loadPage<K extends HostedSessionKind>(kind: K, token: string, lang: string | undefined) {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const browserId = cookieStore.get(BROWSER_COOKIE)?.value;
  const opened = await openSession(kind, token, browserId);
  const locale = resolveLocale(
    lang,
    cookieStore.get(LANGUAGE_COOKIE)?.value,
    headerList.get("accept-language"),
    opened.session?.tenant.locale ?? "en",
  );
  return {
    opened,
    locale,
    t: messagesFor(locale),
    nonce: headerList.get("x-nonce") ?? undefined,
    /** False on the very first visit: the browser has not yet sent our cookie back. */
    hasBrowserCookie: browserId !== undefined,
    signInToken: cookieStore.get(IDENTITY_COOKIE)?.value,
  };
}

const cachedLoad = cache(loadPage);
/** The page's load, once per request; the session is of the page's kind. */
export const loadHostedPage = <K extends HostedSessionKind>(kind: K, token: string, lang: string | undefined) =>
  cachedLoad(kind, token, lang) as ReturnType<typeof loadPage<K>>;

export type HostedPage = Awaited<ReturnType<typeof loadPage>>;

/** The first value of a search parameter. */
export function param(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export type HostedPageProps = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** generateMetadata of a hosted page: its title in the page's language, never indexed. */
export function hostedMetadata(kind: HostedSessionKind, title: (t: HostedPage["t"]) => string) {
  return async ({ params, searchParams }: HostedPageProps): Promise<Metadata> => {
    const page = await loadHostedPage(kind, (await params).token, param((await searchParams).lang));
    return { title: title(page.t), robots: { index: false, follow: false } };
  };
}
