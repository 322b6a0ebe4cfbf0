// Calls the console's own route handlers and pages as a signed-in staff member, with no server and
// no mocks: a real next-auth session cookie (a JWT signed with the session secret, as sign-in makes
// it) on a real Request, run inside the request scope Next gives a route handler, so `cookies()`
// and `headers()` — and with them getServerSession and currentStaff — work exactly as in the app.
import "./next-runtime.ts";
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external.js";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external.js";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store.js";
import type { WorkStore } from "next/dist/server/app-render/work-async-storage.external.js";

// Read once by lib/console/auth/auth-options.ts when first imported: set it before any console module loads.
process.env.NEXTAUTH_SECRET ??= randomBytes(32).toString("base64url");

export const CONSOLE_ORIGIN = "https://escrow.test";

/** The cookie header a browser sends after staffId signed in (both names: plain and Secure-prefixed). */
export async function sessionCookie(staffId: string, sessionVersion = 0): Promise<string> {
  const token = await encode({
    token: { sub: staffId, staffId, sessionVersion },
    secret: process.env.NEXTAUTH_SECRET!,
    maxAge: 60 * 60,
  });
  return `next-auth.session-token=${token}; __Secure-next-auth.session-token=${token}`;
}

/** Runs fn inside the request scope of `request`, as Next runs a route handler or a page. */
export async function inRequestScope<T>(request: Request, fn: () => Promise<T>): Promise<T> {
  const url = new URL(request.url);
  const requestStore = createRequestStoreForAPI(
    { headers: request.headers } as never,
    { pathname: url.pathname, search: url.search },
    { tags: [], expirationsByCacheKind: new Map() } as never,
    undefined,
    undefined as never,
    undefined,
  );
  // Only what headers()/cookies() read of the work store (route, no static rendering).
  const workStore = {
    route: url.pathname,
    page: url.pathname,
    forceStatic: false,
    dynamicShouldError: false,
    isStaticGeneration: false,
  } as unknown as WorkStore;
  return workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, fn));
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface ConsoleCall {
  method: string;
  path: string;
  staffId: string;
  params?: Record<string, string>;
  body?: unknown;
}

/** `json` is the parsed JSON answer; a file (an export) is only in `text`, with `json` null. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console bodies, as they come
type Json = any;

export async function callConsole(
  handler: Handler,
  call: ConsoleCall,
): Promise<{ status: number; json: Json; text?: string }> {
  const headers = new Headers({ Cookie: await sessionCookie(call.staffId) });
  if (call.method !== "GET") headers.set("Origin", CONSOLE_ORIGIN);
  if (call.body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`${CONSOLE_ORIGIN}${call.path}`, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const response = await inRequestScope(request, () =>
    handler(request, { params: Promise.resolve(call.params ?? {}) }),
  );
  const text = await response.text();
  const isJson = /^application\/json\b/.test(response.headers.get("Content-Type") ?? "application/json");
  // Only a file's answer carries `text`, so that comparisons of whole JSON answers stay as they were.
  return isJson
    ? { status: response.status, json: text ? JSON.parse(text) : null }
    : { status: response.status, json: null, text };
}

/** Renders a console page's server component as staffId: "not-found", "redirect", or "rendered". */
export async function renderConsolePage(
  page: (props: { params: Promise<Record<string, string>>; searchParams: Promise<Record<string, string>> }) => unknown,
  path: string,
  staffId: string,
  params: Record<string, string>,
  searchParams: Record<string, string> = {},
): Promise<string> {
  const request = new Request(`${CONSOLE_ORIGIN}${path}`, { headers: { Cookie: await sessionCookie(staffId) } });
  try {
    await inRequestScope(request, async () =>
      page({ params: Promise.resolve(params), searchParams: Promise.resolve(searchParams) }),
    );
    return "rendered";
  } catch (error) {
    const digest = (error as { digest?: unknown }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return "not-found";
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) return "redirect";
    throw error;
  }
}
