// A browser as the hosted forms see it: a cookie jar (our browser id, the remembered eID sign-in)
// and form posts through the real route handlers. The anti-CSRF token is read from the session,
// as the page would have put it in the form.
import { randomUUID } from "node:crypto";
import { POST as checkoutForm } from "../../app/(hosted)/checkout/[token]/[action]/route.ts";
import { POST as connectForm } from "../../app/(hosted)/connect/[token]/[action]/route.ts";
import { POST as payForm } from "../../app/(hosted)/pay/[token]/[action]/route.ts";
import { POST as payoutForm } from "../../app/(hosted)/payout-account/[token]/[action]/route.ts";
import { POST as statusForm } from "../../app/(hosted)/status/[token]/[action]/route.ts";
import { db } from "../../lib/db/client.ts";
import { hashSessionToken } from "../../lib/hosted-links/sessions.ts";

const FORMS = {
  checkout: checkoutForm,
  connect: connectForm,
  pay: payForm,
  status: statusForm,
  "payout-account": payoutForm,
} as const;

export interface FormPostOptions {
  /** The Origin header; our own by default. */
  origin?: string | null;
  /** The anti-CSRF token to send; the session's by default, null to leave it out. */
  csrf?: string | null;
}

export function hostedBrowser() {
  const jar = new Map<string, string>([["escrow_browser", randomUUID()]]);
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    jar,
    /** Any body with any content type, as a hostile client would send it. */
    async raw(redirectUrl: string, action: string, body: BodyInit, contentType: string) {
      const [, prefix, token] = new URL(redirectUrl).pathname.split("/") as [string, keyof typeof FORMS, string];
      const headers = new Headers({
        "content-type": contentType,
        cookie: cookieHeader(),
        origin: "https://escrow.test",
      });
      const request = new Request(`https://escrow.test/${prefix}/${token}/${action}`, {
        method: "POST",
        headers,
        body,
        ...({ duplex: "half" } as object),
      });
      const response = await FORMS[prefix](request, { params: Promise.resolve({ token, action }) });
      return { status: response.status, location: response.headers.get("location") };
    },
    async post(
      redirectUrl: string,
      action: string,
      fields: Record<string, string> = {},
      options: FormPostOptions = {},
    ) {
      const [, prefix, token] = new URL(redirectUrl).pathname.split("/") as [string, keyof typeof FORMS, string];
      const session = await db.hostedSession.findUnique({ where: { tokenHash: hashSessionToken(token) } });
      const csrf = options.csrf === undefined ? (session?.csrfToken ?? "") : options.csrf;
      const body = new URLSearchParams({ ...(csrf === null ? {} : { csrf }), ...fields });
      const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader() });
      if (options.origin !== null) headers.set("origin", options.origin ?? "https://escrow.test");
      const request = new Request(`https://escrow.test/${prefix}/${token}/${action}`, {
        method: "POST",
        headers,
        body,
      });
      const response = await FORMS[prefix](request, { params: Promise.resolve({ token, action }) });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const index = pair.indexOf("=");
        jar.set(pair.slice(0, index), pair.slice(index + 1));
      }
      return { status: response.status, location: response.headers.get("location") };
    },
  };
}
