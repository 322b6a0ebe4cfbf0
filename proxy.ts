// On the v1 API, which reaches Next only under `npm run dev` or API_VIA_NEXT=1 (the production
// server calls the route handlers itself): a method the path's route file does not export is
// answered 405 with the error record and Allow, exactly as the production server answers it
// (Next's own 405 has an empty body). tests/processes/router-parity.test.ts holds the two alike.
//
// Before every page (not static files): on hosted pages first the per-client
// rate limit (lib/hosted/client-rate-limit.ts), then a fresh CSP nonce per request (Next reads it from
// the request's Content-Security-Policy header and puts it on its scripts), and on hosted pages
// the browser-id and language cookies (lib/hosted/cookies.ts).
import { NextResponse, type NextRequest } from "next/server";
import {
  BROWSER_COOKIE,
  BROWSER_COOKIE_MAX_AGE_S,
  cookieAttributes,
  isHttpsRequest,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
} from "./lib/hosted/cookies.ts";
import { contentSecurityPolicy, newNonce } from "./lib/hosted/content-security-policy.ts";
import { isHostedPath } from "./lib/hosted-links/hosted-paths.ts";
import { readApiRouteMethods } from "./lib/http/api-router.ts";
import { methodNotAllowed, SERVED_METHODS } from "./lib/http/method-not-allowed.ts";
import { limitHostedRequest } from "./lib/hosted/client-rate-limit.ts";

let apiMethodsOf: ((pathname: string) => string[]) | undefined;

/** The 405 for a method the API path does not serve, or null to let Next's router answer. */
function refuseApiMethod(method: string, pathname: string): Response | null {
  apiMethodsOf ??= readApiRouteMethods("app/api/v1", "/api/v1");
  const methods = apiMethodsOf(pathname);
  const served =
    SERVED_METHODS.has(method) &&
    (methods.length === 0 ||
      methods.includes(method) ||
      method === "OPTIONS" ||
      (method === "HEAD" && methods.includes("GET")));
  if (served) return null;
  const { headers, body } = methodNotAllowed(method, pathname, methods);
  return new Response(body, { status: 405, headers });
}

export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith("/api/"))
    return refuseApiMethod(request.method, request.nextUrl.pathname) ?? NextResponse.next();
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
      response.headers.append(
        "Set-Cookie",
        `${BROWSER_COOKIE}=${randomId()}; ${cookieAttributes(secure, BROWSER_COOKIE_MAX_AGE_S)}`,
      );
    }
    const language = searchParams.get("lang");
    if (language === "en" || language === "da") {
      response.headers.append(
        "Set-Cookie",
        `${LANGUAGE_COOKIE}=${language}; ${cookieAttributes(secure, LANGUAGE_COOKIE_MAX_AGE_S)}`,
      );
    }
  }
  return response;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export const config = {
  matcher: [
    "/api/v1/:path*",
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
