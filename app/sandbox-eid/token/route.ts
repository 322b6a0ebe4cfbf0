// POST /sandbox-eid/token – the sandbox eID's token endpoint (lib/identity/sandbox-eid/token.ts). A
// token request is a few short form fields: anything over 8 KB is refused before it is read whole.
import { AppError } from "@/lib/errors.ts";
import { readLimited } from "@/lib/http/request-body.ts";
import { sandboxToken, tokenError } from "@/lib/identity/sandbox-eid/token.ts";

const MAX_FORM_BYTES = 8 * 1024;

export async function POST(request: Request): Promise<Response> {
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(
      new TextDecoder("utf-8", { fatal: true }).decode(await readLimited(request, MAX_FORM_BYTES)),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "payload-too-large")
      return tokenError(413, "invalid_request", "The token request is too large.");
    if (error instanceof TypeError) return tokenError(400, "invalid_request", "The token request is not UTF-8.");
    throw error;
  }
  return sandboxToken(request.headers.get("authorization"), form);
}
