// Signs in to the console the way a browser does, through next-auth's own route handler
// (app/api/auth/[...nextauth]/route.ts) in this process: the CSRF token first, then the
// credentials form, inside the request scope Next gives a route handler, so that the cookies the
// sign-in sets (the session, and the known-device cookie set through `cookies()`) come back as
// the browser would get them. A browser keeps its cookies between calls and has one client
// address, which the production server would have put in its header.
import { CONSOLE_ORIGIN, inRequestScope } from "./console-request.ts";
import { NextRequest } from "next/server";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external.js";
import type { RequestStore } from "next/dist/server/app-render/work-unit-async-storage.external.js";
import { appendMutableCookies } from "next/dist/server/web/spec-extension/adapters/request-cookies.js";
import { GET, POST } from "../../app/api/auth/[...nextauth]/route.ts";
import { CLIENT_ADDRESS_HEADER } from "../../lib/http/client-address.ts";
import { DEVICE_COOKIE } from "../../lib/console/auth/known-devices.ts";

// Where the console is served: next-auth builds its addresses and cookie names (Secure) from it.
process.env.NEXTAUTH_URL ??= CONSOLE_ORIGIN;

export interface Browser {
  /** The client's address, as the production server resolves it. */
  client: string;
  cookies: Map<string, string>;
}

export const browserAt = (client: string, cookies: Map<string, string> = new Map()): Browser => ({ client, cookies });

/** A browser at a new address that carries only the known-device cookie of `from` (if it has one). */
export function withDeviceCookieOf(from: Browser, client: string): Browser {
  const device = from.cookies.get(DEVICE_COOKIE);
  return browserAt(client, new Map(device ? [[DEVICE_COOKIE, device]] : []));
}

type AuthHandler = typeof GET;

async function callAuth(handler: AuthHandler, browser: Browser, action: string[], form?: Record<string, string>) {
  const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: browser.client });
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  if (cookie) headers.set("cookie", cookie);
  if (form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("origin", CONSOLE_ORIGIN);
  }
  const request = new NextRequest(`${CONSOLE_ORIGIN}/api/auth/${action.join("/")}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  const response = await inRequestScope(request, async () => {
    const answer = await handler(request, { params: Promise.resolve({ nextauth: action }) });
    // What Next's app-route module does after a handler: cookies set through `cookies()` join the answer.
    appendMutableCookies(answer.headers, (workUnitAsyncStorage.getStore() as RequestStore).mutableCookies);
    return answer;
  });
  for (const setCookie of response.headers.getSetCookie()) {
    const [pair = ""] = setCookie.split(";");
    const [name = "", ...value] = pair.split("=");
    browser.cookies.set(name.trim(), value.join("="));
  }
  return response;
}

/**
 * The error the sign-in reports ("" when signed in, "CredentialsSignin" for a wrong password,
 * "rate-limited:<seconds>", "choose-marketplace:…"); the browser keeps the cookies it was given.
 */
export async function signInAs(browser: Browser, email: string, password: string, tenantId = ""): Promise<string> {
  const { csrfToken } = (await (await callAuth(GET, browser, ["csrf"])).json()) as { csrfToken: string };
  const response = await callAuth(POST, browser, ["callback", "credentials"], {
    csrfToken,
    email,
    password,
    tenantId,
    json: "true",
  });
  const { url } = (await response.json()) as { url: string };
  return new URL(url, CONSOLE_ORIGIN).searchParams.get("error") ?? "";
}
