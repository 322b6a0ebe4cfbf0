// The page a Checkout Session's `url` opens: plain HTML, no script, one form per step, so a
// browser test (Playwright) can pay by clicking buttons by role and name:
//   /c/pay/{session}               the payment methods, one button each, and Cancel
//   /c/pay/{session}/authenticate  3-D Secure: "Complete authentication" or "Fail authentication"
//   /c/pay/{session}/mobilepay     "Confirm in the MobilePay app": approve or reject
// Each POST answers 303 to the next page, to success_url (with {CHECKOUT_SESSION_ID} filled in)
// or to cancel_url, as Checkout redirects.
import type { IncomingMessage, ServerResponse } from "node:http";
import type Stripe from "stripe";
import { choose, confirm, pendingConfirmation, type PayerChoice, type PayerStep } from "./api/payer.ts";
import { StripeApiError } from "./errors.ts";
import { TEST_CARDS } from "./test-cards.ts";
import type { World } from "./world.ts";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat("da-DK", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}[role=alert]{color:#b00020}code{word-break:break-all}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function summary(session: Stripe.Checkout.Session): string {
  return `<h1>Pay ${escapeHtml(formatMoney(session.amount_total ?? 0, session.currency ?? "dkk"))}</h1>
<p>Stripe stand-in Checkout, test mode. Session <code>${escapeHtml(session.id)}</code>.</p>`;
}

function choicesPage(session: Stripe.Checkout.Session, error: string | null): string {
  const buttons: string[] = [];
  if (session.payment_method_types.includes("card")) {
    for (const card of TEST_CARDS)
      buttons.push(
        `<button type="submit" name="choice" value="card:${card.number}">${escapeHtml(card.label)}</button>`,
      );
  }
  if (session.payment_method_types.includes("mobilepay")) {
    buttons.push(`<button type="submit" name="choice" value="mobilepay">Pay with MobilePay</button>`);
  }
  buttons.push(`<button type="submit" name="choice" value="cancel">Cancel</button>`);
  return page(
    "Checkout",
    `${summary(session)}
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}" aria-label="Choose how to pay">
${buttons.join("\n")}
</form>`,
  );
}

function confirmationPage(session: Stripe.Checkout.Session, step: "authenticate" | "mobilepay"): string {
  const action = `/c/pay/${encodeURIComponent(session.id)}/${step}`;
  if (step === "authenticate") {
    return page(
      "3D Secure authentication",
      `${summary(session)}
<h2>3D Secure 2 test page</h2>
<p>Your bank asks you to authenticate this payment.</p>
<form method="post" action="${action}">
<button type="submit" name="decision" value="approve">Complete authentication</button>
<button type="submit" name="decision" value="reject">Fail authentication</button>
</form>`,
    );
  }
  return page(
    "MobilePay",
    `${summary(session)}
<h2>Confirm in the MobilePay app</h2>
<p>Open MobilePay on your phone to approve the payment.</p>
<form method="post" action="${action}">
<button type="submit" name="decision" value="approve">Approve in MobilePay</button>
<button type="submit" name="decision" value="reject">Reject in MobilePay</button>
</form>`,
  );
}

function closedPage(session: Stripe.Checkout.Session): string {
  const message = session.status === "complete" ? "This payment is complete." : "This Checkout Session has expired.";
  return page("Checkout", `${summary(session)}<p role="status">${message}</p>`);
}

function send(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(html);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { Location: location }).end();
}

function goTo(response: ServerResponse, sessionId: string, step: PayerStep) {
  const base = `/c/pay/${encodeURIComponent(sessionId)}`;
  switch (step.next) {
    case "success":
    case "cancel":
      return redirect(response, step.redirectUrl);
    case "retry":
      return redirect(response, `${base}?error=${encodeURIComponent(step.error)}`);
    case "authenticate":
    case "mobilepay":
      return redirect(response, `${base}/${step.next}`);
  }
}

function parseChoice(value: string): PayerChoice | null {
  if (value === "cancel") return { method: "cancel" };
  if (value === "mobilepay") return { method: "mobilepay" };
  if (value.startsWith("card:")) return { method: "card", number: value.slice(5) };
  return null;
}

/** Answers /c/pay/… requests; false when the path is not one of its pages. */
export function serveHostedPage(
  world: World,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  body: string,
): boolean {
  const match = /^\/c\/pay\/([^/]+)(?:\/(authenticate|mobilepay))?$/.exec(url.pathname);
  if (!match) return false;
  const sessionId = decodeURIComponent(match[1]!);
  const step = match[2] as "authenticate" | "mobilepay" | undefined;
  const session = world.state.checkoutSessions.find(sessionId)?.object;
  if (!session) {
    send(
      response,
      404,
      page("Not found", "<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>"),
    );
    return true;
  }
  try {
    if (request.method === "GET") {
      if (session.status !== "open") send(response, 200, closedPage(session));
      else if (step) send(response, 200, confirmationPage(session, step));
      else {
        const waiting = pendingConfirmation(world, sessionId);
        if (waiting) redirect(response, `/c/pay/${encodeURIComponent(sessionId)}/${waiting}`);
        else send(response, 200, choicesPage(session, url.searchParams.get("error")));
      }
      return true;
    }
    const form = new URLSearchParams(body);
    if (step) {
      goTo(response, sessionId, confirm(world, sessionId, form.get("decision") === "approve"));
      return true;
    }
    const choice = parseChoice(form.get("choice") ?? "");
    if (!choice) send(response, 400, choicesPage(session, "Choose a way to pay."));
    else goTo(response, sessionId, choose(world, sessionId, choice));
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    send(response, 409, session.status === "open" ? choicesPage(session, error.message) : closedPage(session));
  }
  return true;
}
