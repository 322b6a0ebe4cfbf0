// GET /eid/callback – where the eID broker (or the sandbox's eID) sends the browser back (the one
// redirect URI registered at the broker). The state finds the sign-in begun on a hosted page (lib/identity/
// identity-authorizations.ts): an unknown or expired state is refused. The page's link must be
// open in the browser that claimed it, so that nobody can complete a sign-in into someone else's
// page; then the sign-in is used once, and a second callback with the same state (a replay, a
// reload) completes nothing. The broker's answer then goes the way the page's own sign-in form goes (connect-flow.ts,
// checkout-flow.ts).
import { hostedPagePath } from "../hosted-links/hosted-paths.ts";
import { findAuthorization, spendAuthorization } from "../identity/identity-authorizations.ts";
import { identityProviderFor } from "../outside-parties.ts";
import { afterCheckoutSignIn } from "./checkout-flow.ts";
import { afterConnectSignIn } from "./connect-flow.ts";
import { BROWSER_COOKIE } from "./cookies.ts";
import { linkProblem, seeOther } from "./form-post.ts";
import { parseCookies } from "./hosted-form-route.ts";
import { signedInOnSession } from "./identity-step.ts";
import { openSession } from "./open-session.ts";
import { outcomeResponse } from "./outcome-response.ts";

export async function eidCallback(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const found = await findAuthorization(query.get("state"));
  if (!found)
    return linkProblem(
      400,
      "This sign-in does not belong to a page that is waiting for it, or it took too long. Go back to the marketplace and start again.",
    );
  const { kind, token } = found.page;
  const page = hostedPagePath(kind, token);
  const browserId = parseCookies(request.headers.get("cookie")).get(BROWSER_COOKIE);
  if (!browserId) return seeOther(`${page}?error=cookies`);
  const opened = await openSession(kind, token, browserId);
  // The page explains a link that is not open in this browser, used up or expired; the sign-in
  // stays unused, so another browser's visit cannot spend the person's.
  if (!opened.ok || opened.session.id !== found.hostedSessionId || opened.session.state !== "Open")
    return seeOther(page);
  if (!(await spendAuthorization(found.id))) return seeOther(`${page}?error=sign_in_failed`);
  const { session, now } = opened;
  const provider = identityProviderFor(session.mode);
  const signedIn = await signedInOnSession(session, provider.name, await provider.complete(query, found.pending));
  const decided = kind === "Connect" ? await afterConnectSignIn(session, signedIn, now) : afterCheckoutSignIn(signedIn);
  return outcomeResponse(request, session, page, decided);
}
