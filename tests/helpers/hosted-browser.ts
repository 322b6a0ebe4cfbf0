// A browser as the hosted forms see it: a cookie jar (our browser id, the remembered eID sign-in)
// and form posts through the real route handlers. The anti-CSRF token is read from the session,
// as the page would have put it in the form. Paying goes as a payer's browser goes: our pay form
// sends it to the simulated rail's bank page, the bank's form sends it back to our return address.
// Signing in goes as the browser goes too: to the sandbox's eID (an OpenID provider, which answers
// at once for the test person picked) and back to our eID callback.
import { randomUUID } from "node:crypto";
import { POST as checkoutForm } from "../../app/(hosted)/checkout/[token]/[action]/route.ts";
import { POST as connectForm } from "../../app/(hosted)/connect/[token]/[action]/route.ts";
import { POST as payForm } from "../../app/(hosted)/pay/[token]/[action]/route.ts";
import { POST as payoutForm } from "../../app/(hosted)/payout-account/[token]/[action]/route.ts";
import { POST as statusForm } from "../../app/(hosted)/status/[token]/[action]/route.ts";
import { GET as checkoutReturn } from "../../app/(hosted)/checkout/[token]/return/route.ts";
import { GET as payReturn } from "../../app/(hosted)/pay/[token]/return/route.ts";
import { POST as bankForm } from "../../app/sandbox-bank/[bankPaymentId]/[action]/route.ts";
import { GET as eidCallback } from "../../app/(hosted)/eid/callback/route.ts";
import { GET as sandboxEidAuthorize } from "../../app/sandbox-eid/authorize/route.ts";
import { db } from "../../lib/db/client.ts";
import { hashSessionToken } from "../../lib/hosted-links/sessions.ts";

const RETURNS = { checkout: checkoutReturn, pay: payReturn } as const;

type Answer = { status: number; location: string | null };

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
  const keepCookies = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
  };
  async function callback(callbackUrl: string): Promise<Answer> {
    const request = new Request(`https://escrow.test/eid/callback${new URL(callbackUrl).search}`, {
      headers: { cookie: cookieHeader() },
    });
    const response = await eidCallback(request);
    keepCookies(response);
    return { status: response.status, location: response.headers.get("location") };
  }
  /** The sandbox eID's authorization endpoint, then (where it sends the browser back) our callback. */
  async function throughSandboxEid(authorizationUrl: string): Promise<Answer> {
    const answer = await sandboxEidAuthorize(new Request(authorizationUrl));
    const back = answer.headers.get("location");
    if (answer.status !== 303 || !back) return { status: answer.status, location: back };
    return callback(back);
  }
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
      keepCookies(response);
      const location = response.headers.get("location");
      if (location && new URL(location, "https://escrow.test").pathname === "/sandbox-eid/authorize")
        return throughSandboxEid(location);
      return { status: response.status, location };
    },
    /** A form of the simulated bank's page at `bankUrl` (where our pay form sent the browser). */
    async bank(bankUrl: string, action: "pay" | "confirm", fields: Record<string, string> = {}): Promise<Answer> {
      const bankPaymentId = new URL(bankUrl).pathname.split("/")[2] ?? "";
      const request = new Request(`https://escrow.test/sandbox-bank/${bankPaymentId}/${action}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://escrow.test" },
        body: new URLSearchParams(fields),
      });
      const response = await bankForm(request, { params: Promise.resolve({ bankPaymentId, action }) });
      return { status: response.status, location: response.headers.get("location") };
    },
    /** Our eID callback (`/eid/callback?code=…&state=…`), where the eID broker sends the browser back. */
    eidCallback: callback,
    /** Our return address (`/<page>/<token>/return`), where the bank sends the browser once paid. */
    async comeBack(returnUrl: string): Promise<Answer> {
      const [, prefix, token] = new URL(returnUrl).pathname.split("/") as [string, keyof typeof RETURNS, string];
      const request = new Request(`https://escrow.test/${prefix}/${token}/return`, {
        headers: { cookie: cookieHeader() },
      });
      const response = await RETURNS[prefix](request, { params: Promise.resolve({ token }) });
      return { status: response.status, location: response.headers.get("location") };
    },
    /**
     * The payer's whole way: our pay form, the bank's page with `method` (and `answer` where the
     * bank or the wallet asks to confirm), and back. The answer is where the browser ends up: the
     * tenant's address once paid, the bank's page after a decline, or our page.
     */
    async pay(redirectUrl: string, method: string, answer?: "approve" | "reject"): Promise<Answer> {
      const sent = await this.post(redirectUrl, "pay");
      if (!sent.location?.includes("/sandbox-bank/")) return sent;
      let atBank = await this.bank(sent.location, "pay", { method });
      if (answer && atBank.location === new URL(sent.location).pathname)
        atBank = await this.bank(sent.location, "confirm", { answer });
      return atBank.location?.endsWith("/return") ? this.comeBack(atBank.location) : atBank;
    },
  };
}
