// The 303 a hosted request answers with once its action decided (a form post, the eID broker's
// callback): leave for an address (the tenant's, resolved here, the rail's, the broker's), or back
// to the page with a message, a notice, the refused fields, and the remembered eID sign-in's cookie
// to set.
import { SIGN_IN_TTL_MS } from "../identity/sign-ins.ts";
import { cookieAttributes, IDENTITY_COOKIE, isHttpsRequest } from "./cookies.ts";
import { seeOther } from "./form-post.ts";
import { fieldErrorParam, type HostedOutcome } from "./hosted-outcome.ts";
import type { SessionWithTenant } from "./open-session.ts";
import { resolveOutcome } from "./return-target.ts";

export function outcomeResponse(
  request: Request,
  session: SessionWithTenant,
  page: string,
  decided: HostedOutcome,
): Response {
  const outcome = resolveOutcome(session, decided);
  if ("done" in outcome) return seeOther(outcome.done ?? page);
  const query = new URLSearchParams();
  if (outcome.error) query.set("error", outcome.error);
  if (outcome.notice !== undefined) query.set("done", String(outcome.notice));
  for (const [field, problem] of Object.entries(outcome.fieldErrors ?? {})) query.set(fieldErrorParam(field), problem);
  const response = seeOther(query.size ? `${page}?${query}` : page);
  if (outcome.cookieToken) {
    const secure = isHttpsRequest(request.url, request.headers.get("x-forwarded-proto"));
    response.headers.append(
      "Set-Cookie",
      `${IDENTITY_COOKIE}=${outcome.cookieToken}; ${cookieAttributes(secure, SIGN_IN_TTL_MS / 1000)}`,
    );
  }
  return response;
}
