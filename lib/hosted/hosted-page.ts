// What every hosted page loads first: its link (bound to this browser), the locale, the words,
// the CSP nonce. The page's getServerSideProps (pages/, components/hosted/hosted-page-props.ts) loads it
// once per request from the request's cookies and headers.
import type { HostedSessionKind } from "../db/generated/enums.ts";
import { BROWSER_COOKIE, IDENTITY_COOKIE, LANGUAGE_COOKIE } from "./cookies.ts";
import { messagesFor, resolveLocale } from "../i18n/index.ts";
import { openSession } from "./open-session.ts";
import { firstValue, header, type PageRequest, type SearchParams } from "../http/page-request.ts";

export async function loadHostedPage<K extends HostedSessionKind>(kind: K, token: string, request: PageRequest) {
  const browserId = request.cookies[BROWSER_COOKIE];
  const opened = await openSession(kind, token, browserId);
  const locale = resolveLocale(
    param(request.search.lang),
    request.cookies[LANGUAGE_COOKIE],
    header(request, "accept-language") ?? null,
    opened.session?.tenant.locale ?? "en",
  );
  return {
    opened,
    locale,
    t: messagesFor(locale),
    nonce: header(request, "x-nonce"),
    /** False on the very first visit: the browser has not yet sent our cookie back. */
    hasBrowserCookie: browserId !== undefined,
    signInToken: request.cookies[IDENTITY_COOKIE],
  };
}

export type HostedPage<K extends HostedSessionKind = HostedSessionKind> = Awaited<ReturnType<typeof loadHostedPage<K>>>;

/** The first value of a search parameter. */
export const param = firstValue;

/** What a hosted page renders from: its loaded link, its token and its query. */
export type HostedPageProps<K extends HostedSessionKind = HostedSessionKind> = {
  page: HostedPage<K>;
  token: string;
  search: SearchParams;
};
