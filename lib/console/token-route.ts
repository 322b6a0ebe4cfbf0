// A console endpoint with no session to check: the credential is in the body (an invitation
// link's token), so it must come from our own pages and is refused in plain words. Unlike
// consoleRoute, a body that does not match the operation's schema is one 400 without field
// names: the invitation page sends only what it was given, and the token is not the user's to fix.
import type { z } from "zod";
import { AppError } from "../errors.ts";
import { readJsonBody } from "../http/request-body.ts";
import { isSameOrigin } from "../hosted/form-post.ts";
import type { ConsoleOperation } from "./operations/operation.ts";

/** Bodies are a token and a password: anything larger is not from the page. */
const TOKEN_BODY_LIMIT = 16 * 1024;

type Refusal = { error: string; errors?: { key: string; value: string }[] };
export type TokenAnswer<Answer> = { status: 200; body: Answer } | { status: 400 | 410; body: Refusal };

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export function consoleTokenRoute<Path extends string, Body extends z.ZodType, Answer>(
  operation: ConsoleOperation<"POST", Path, undefined, Body, Answer>,
  handler: (body: z.output<Body>) => Promise<TokenAnswer<Answer>>,
) {
  const schema = operation.body;
  if (!schema) throw new Error(`${operation.path}: the credential comes in the body, so declare one`);
  return async (request: Request): Promise<Response> => {
    if (!isSameOrigin(request)) return json({ error: "Changes come only from the console's own pages." }, 403);
    let body: unknown;
    try {
      body = (await readJsonBody(request, TOKEN_BODY_LIMIT)).json;
    } catch (error) {
      if (error instanceof AppError) return json({ error: error.message, code: error.code }, error.status);
      throw error;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return json({ error: "The request is not valid." }, 400);
    const answer = await handler(parsed.data);
    return json(answer.body, answer.status);
  };
}
