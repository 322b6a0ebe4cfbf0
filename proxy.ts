// Runs before every page (not the API, not static files): on hosted pages first the per-client
// rate limit (lib/hosted/rate-limit.ts), then a fresh CSP nonce per request (Next reads it from
// the request's Content-Security-Policy header and puts it on its scripts), and on hosted pages
// the browser-id and language cookies (lib/hosted/cookies.ts).
import { NextResponse, type NextRequest } from "next/server";
import { BROWSER_COOKIE, BROWSER_COOKIE_MAX_AGE_S, cookieAttributes, isHttpsRequest, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from "./lib/hosted/cookies.ts";
import { contentSecurityPolicy, newNonce } from "./lib/hosted/content-security-policy.ts";
import { isHostedPath } from "./lib/hosted-links/hosted-paths.ts";
import { limitHostedRequest } from "./lib/hosted/rate-limit.ts";

export function proxy(request: NextRequest) {
  if (isHostedPath(request.nextUrl.pathname)) {
    const refused = limitHostedRequest(request);
    if (refused) return refused;
  }
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);

  const { pathname, searchParams } = request.nextUrl;
  if (request.method === "GET" && isHostedPath(pathname)) {
    const secure = isHttpsRequest(request.url, request.headers.get("x-forwarded-proto"));
    // Set once; the page binds its link to this id only when the browser sends it back, so a link
    // scanner that drops cookies never claims a link (lib/hosted/browser-binding.ts).
    if (!request.cookies.has(BROWSER_COOKIE)) {
      response.headers.append("Set-Cookie", `${BROWSER_COOKIE}=${randomId()}; ${cookieAttributes(secure, BROWSER_COOKIE_MAX_AGE_S)}`);
    }
    const language = searchParams.get("lang");
    if (language === "en" || language === "da") {
      response.headers.append("Set-Cookie", `${LANGUAGE_COOKIE}=${language}; ${cookieAttributes(secure, LANGUAGE_COOKIE_MAX_AGE_S)}`);
    }
  }
  return response;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
