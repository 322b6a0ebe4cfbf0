// The console's own JSON endpoints (what its pages fetch and post): the signed-in staff user's
// tenant, or 401. A change must come from our own pages (same origin; the session cookie is
// SameSite=Lax as well) and only admins change anything: every non-GET is refused to a viewer
// here (403, before the body is even read), and each use case checks the role again. Errors say
// what staff may know: the engine's refusals as they are, anything else only that it failed.
//
// Path parameters and the query string are checked here for text that no parameter should have
// to think about (a NUL character: PostgreSQL cannot hold it, so a lookup failed with a 500), as
// the API does. Each route serves one operation (lib/console/operations) with consoleRoute: a GET
// that reads its query declares the schema there, what does not parse is a 400 naming the
// parameter, and the console fuzzer finds it on the route; a POST's body is read only when its
// operation declares one.
import { z } from "zod";
import { AppError } from "../errors.ts";
import { clientAddress } from "../http/client-address.ts";
import { NO_BODY, readJsonBody } from "../http/request-body.ts";
import { parseOrThrow, unsafeInputProblems, validationError } from "../schemas/validation.ts";
import { isSameOrigin } from "../hosted/form-post.ts";
import { Download } from "../exports/download.ts";
import { ConsoleForbidden, currentStaff, type StaffContext } from "./auth/staff-session.ts";
import { log } from "../ops/log.ts";
import { consoleErrorBody } from "./console-error.ts";
import { noteTenantWrite } from "../db/read-target.ts";
import type { ConsoleMethod, ConsoleOperation, PathParams } from "./operations/operation.ts";

type RouteContext = { params: Promise<Record<string, string>> };
type Handler = (context: StaffContext, request: Request, params: Record<string, string>) => Promise<unknown>;

function json(body: unknown, status = 200): Response {
  return new Response(
    JSON.stringify(body, (_key, value) => (typeof value === "bigint" ? value.toString() : value)),
    { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } },
  );
}

function consoleJson(handler: Handler) {
  return async (request: Request, route?: RouteContext): Promise<Response> => {
    if (request.method !== "GET" && !isSameOrigin(request))
      return json({ error: "Changes come only from the console's own pages." }, 403);
    const context = await currentStaff();
    if (!context) return json({ error: "Sign in to the console." }, 401);
    if (request.method !== "GET" && !context.isAdmin) return json({ error: new ConsoleForbidden().message }, 403);
    try {
      const params = (await route?.params) ?? {};
      const unsafe = [
        ...unsafeInputProblems(params),
        ...unsafeInputProblems(Object.fromEntries(new URL(request.url).searchParams)),
      ];
      if (unsafe.length) throw validationError(unsafe);
      const result = await handler(context, request, params);
      // A file (an export) streams as it is; everything else is JSON.
      return result instanceof Download ? result.response() : json(result);
    } catch (error) {
      if (error instanceof ConsoleForbidden) return json({ error: error.message }, 403);
      if (error instanceof AppError) return json(consoleErrorBody(error), error.status);
      log.error("console endpoint failed", error);
      return json({ error: "Something went wrong on our side." }, 500);
    } finally {
      // Its next list reads on this server see what staff just changed (lib/db/read-target.ts).
      if (request.method !== "GET") noteTenantWrite(context.tenant.id);
    }
  };
}

/** What a route's handler gets of the request: the operation's parameters, query and body, parsed. */
export interface ConsoleInput<Path extends string, Query, Body> {
  params: PathParams<Path>;
  query: Query extends z.ZodType ? z.output<Query> : undefined;
  body: Body extends z.ZodType ? z.output<Body> : undefined;
  /** The client's address as the server resolved it (lib/http/client-address.ts), or "unknown". */
  clientAddress: string;
}

/**
 * The route of one console operation: the session, origin and role checks of consoleJson, then
 * the query and the body as the operation declares them, then the handler, whose answer must be
 * the operation's (or a file). The query schema rides on the route for the fuzzer, as consoleQuery's.
 */
export function consoleRoute<
  Path extends string,
  Query extends z.ZodObject | undefined,
  Body extends z.ZodType | undefined,
  Answer,
>(
  operation: ConsoleOperation<ConsoleMethod, Path, Query, Body, Answer>,
  handler: (context: StaffContext, input: ConsoleInput<Path, Query, Body>) => Promise<Answer | Download>,
) {
  const route = consoleJson(async (context, request, params) => {
    const { query: querySchema, body: bodySchema } = operation;
    const query = querySchema && parseOrThrow(querySchema, Object.fromEntries(new URL(request.url).searchParams));
    const body = bodySchema && (await consoleBody(request, bodySchema));
    // The route's folders are the template's names (tests/unit/console-operations.test.ts).
    return handler(context, {
      params: params as PathParams<Path>,
      query,
      body,
      clientAddress: clientAddress(request.headers),
    } as ConsoleInput<Path, Query, Body>);
  });
  return operation.query ? Object.assign(route, { query: operation.query }) : route;
}

/** Console forms are small: a body past this is refused (413) before it is read whole. */
const CONSOLE_BODY_LIMIT = 64 * 1024;

/**
 * The JSON body, read as the API reads one (size limit, JSON content type, UTF-8), then checked:
 * too large is a 413, not JSON a 400 malformed-request, a bad shape a 400 naming each field.
 */
export async function consoleBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const { json } = await readJsonBody(request, CONSOLE_BODY_LIMIT);
  const unsafe = json === NO_BODY ? [] : unsafeInputProblems(json);
  if (unsafe.length) throw validationError(unsafe);
  // The API's own validation: one error key style (JSON paths, `items[2].name`) everywhere.
  return parseOrThrow(schema, json === NO_BODY ? undefined : json);
}
