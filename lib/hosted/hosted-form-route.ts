// The one POST handler behind every form of the hosted pages (`POST /<page>/<token>/<action>`):
// same-origin check → the link, bound to this browser → anti-CSRF token → the action → a 303
// to where the flow goes next (the tenant, the app, or back to the page with a message).
import { AppError } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { readLimited } from "../http/request-body.ts";
import type { HostedSessionKind } from "../db/generated/enums.ts";
import { pickLocale } from "../i18n/index.ts";
import type { Locale } from "../locale.ts";
import { BROWSER_COOKIE, IDENTITY_COOKIE, LANGUAGE_COOKIE } from "./cookies.ts";
import { isSameOrigin, linkProblem, seeOther } from "./form-post.ts";
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { csrfTokenMatches, openSession, type SessionOf } from "./open-session.ts";
import type { HostedOutcome } from "./hosted-outcome.ts";
import { outcomeResponse } from "./outcome-response.ts";
import { returnTarget } from "./return-target.ts";

export interface ActionContext<K extends HostedSessionKind = HostedSessionKind> {
  /** The session of the route's kind, with the ids that kind is about. */
  session: SessionOf<K>;
  now: Date;
  form: FormData;
  token: string;
  locale: Locale;
  /** The remembered eID sign-in of this browser (cookie). */
  signInToken: string | undefined;
  /** The client's address as the server resolved it (lib/http/client-address.ts), or "unknown". */
  clientAddress: string;
}

export type HostedAction<K extends HostedSessionKind = HostedSessionKind> = (
  context: ActionContext<K>,
) => Promise<HostedOutcome>;

type RouteContext = { params: Promise<{ token: string; action: string }> };

const MAX_FORM_BYTES = 16 * 1024;

export function hostedFormRoute<K extends HostedSessionKind>(kind: K, actions: Record<string, HostedAction<K>>) {
  return async function POST(request: Request, { params }: RouteContext): Promise<Response> {
    const { token, action } = await params;
    const page = hostedPagePath(kind, token);
    if (!isSameOrigin(request)) return linkProblem(403, "This form can only be sent from its own page.");
    const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
    if (!run) return linkProblem(404, "There is no such form.");
    const form = await readForm(request);
    if (form === "too-large") return linkProblem(413, "This form is too large.");
    if (!form) return linkProblem(400, "This form could not be read.");

    const cookies = parseCookies(request.headers.get("cookie"));
    const browserId = cookies.get(BROWSER_COOKIE);
    if (!browserId) return seeOther(`${page}?error=cookies`);
    const opened = await openSession(kind, token, browserId);
    if (!opened.ok) return seeOther(page); // the page explains why the link cannot be used
    const { session, now } = opened;
    if (!csrfTokenMatches(session, form.get("csrf")))
      return linkProblem(403, "This form has expired. Go back, reload the page and try again.");
    // A finished flow answers again where it went (a double click, a second tab, the back button).
    if (session.state === "Completed") return seeOther(returnTarget(session, { kind: "success" }) ?? page);
    if (session.state !== "Open") return seeOther(page);

    const locale = pickLocale(
      cookies.get(LANGUAGE_COOKIE) ?? request.headers.get("accept-language"),
      session.tenant.locale,
    );
    let decided: HostedOutcome;
    try {
      decided = await run({
        session,
        now,
        form,
        token,
        locale,
        signInToken: cookies.get(IDENTITY_COOKIE),
        clientAddress: clientAddress(request.headers),
      });
    } catch (error) {
      // The engine refused (the trade moved on meanwhile, a label is already waiting, …).
      if (!(error instanceof AppError)) throw error;
      console.warn(`hosted ${kind}/${action}: ${error.code}: ${error.message}`);
      decided = { back: true, error: error.code === "payer-is-payee" ? "same_person" : "unavailable" };
    }
    return outcomeResponse(request, session, page, decided);
  };
}

/** Our forms are small and URL-encoded; anything else is refused before it is read whole. */
async function readForm(request: Request): Promise<FormData | "too-large" | null> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) return null;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_FORM_BYTES) return "too-large";
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(request, MAX_FORM_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload-too-large") return "too-large";
    throw error;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    try {
      cookies.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // A cookie that is not ours and not valid percent-encoding: ignore it.
    }
  }
  return cookies;
}
