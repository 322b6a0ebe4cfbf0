// The broker's login page, as small as a test needs: one plain HTML form where the tester picks a
// test person and the level the person reaches in MitID, then presses "Sign in", or presses
// "Cancel". Reaching a level other than the one asked is the point: a real person may only manage
// a lower one, and the relying party must notice. Cancel answers the client with
// error=access_denied, as the MitID brokers do. No script, no styling: Playwright finds the
// controls by role and label (`getByLabel("Mette Hansen")`, `getByRole("button", { name: "Cancel" })`).
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import { isMitIdLevel, levelAsked, MITID_LEVELS, mitIdAcr, type MitIdLevel } from "./levels.ts";
import { fullName, type TestPerson } from "./test-persons.ts";

export interface LoginPageContext {
  provider: Provider;
  persons: readonly TestPerson[];
  levelClaim: string;
  /** Records the level reached for the grant a sign-in made. */
  recordSignIn(grantId: string, person: TestPerson, level: MitIdLevel, clientId: string): void;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(uid: string, clientId: string, persons: readonly TestPerson[], asked: MitIdLevel | null): string {
  const people = persons
    .map(
      (person, index) =>
        `<p><label><input type="radio" name="person" value="${escape(person.id)}"${index === 0 ? " checked" : ""}> ` +
        `${escape(fullName(person))}</label></p>`,
    )
    .join("\n");
  const levels = MITID_LEVELS.map(
    (level) => `<option value="${level}"${level === (asked ?? "substantial") ? " selected" : ""}>${level}</option>`,
  ).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MitID stand-in</title></head>
<body>
<h1>Sign in with MitID (stand-in)</h1>
<p>For ${escape(clientId)}; level asked: ${asked ?? "none"}.</p>
<form method="post" action="/interaction/${escape(uid)}">
<fieldset><legend>Test person</legend>
${people}
</fieldset>
<p><label>Level reached <select name="level">${levels}</select></label></p>
<button type="submit" name="action" value="sign-in">Sign in</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</body></html>`;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

async function submit(context: LoginPageContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const details = await context.provider.interactionDetails(request, response);
  const form = new URLSearchParams(await readBody(request));
  if (form.get("action") === "cancel") {
    await context.provider.interactionFinished(
      request,
      response,
      { error: "access_denied", error_description: "The person cancelled the sign-in." },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const person = context.persons.find((candidate) => candidate.id === form.get("person"));
  const level = form.get("level");
  if (!person || !isMitIdLevel(level)) {
    response.writeHead(400, { "Content-Type": "text/plain" }).end("Pick a test person and a level.");
    return;
  }
  const clientId = String(details.params.client_id);
  const grant = new context.provider.Grant({ accountId: person.subject, clientId });
  grant.addOIDCScope(String(details.params.scope ?? "openid"));
  const grantId = await grant.save();
  context.recordSignIn(grantId, person, level, clientId);
  const acr = context.levelClaim === "acr" ? mitIdAcr(level) : undefined;
  await context.provider.interactionFinished(
    request,
    response,
    { login: { accountId: person.subject, acr, amr: ["mitid"] }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** Answers GET and POST /interaction/{uid}; false when the path is not the login page. */
export async function serveLoginPage(
  context: LoginPageContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
  if (!match) return false;
  try {
    if (request.method === "POST") {
      await submit(context, request, response);
    } else {
      const details = await context.provider.interactionDetails(request, response);
      const html = page(
        match[1]!,
        String(details.params.client_id),
        context.persons,
        levelAsked(details.params.acr_values),
      );
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    }
  } catch (error) {
    // No interaction for this browser (no cookie, expired, finished) is what a broker shows as an
    // expired sign-in; anything else is the stand-in's own fault and is printed.
    if (!(error instanceof Error && error.name === "SessionNotFound"))
      console.error("oidc stand-in: login page failed", error);
    if (!response.headersSent) {
      response.writeHead(400, { "Content-Type": "text/plain" }).end("This sign-in has expired or was never started.");
    }
  }
  return true;
}
