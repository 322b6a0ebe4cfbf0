// The console's own JSON endpoints (what its pages fetch): the signed-in staff user's tenant, or
// 401; for changes, admins only (403). Never cached; errors say only what the staff may know.
import { assertAdmin, ConsoleForbidden, currentStaff, type StaffContext } from "./auth/staff-session.ts";

type Handler = (context: StaffContext, request: Request) => Promise<unknown>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body, (_key, value) => (typeof value === "bigint" ? value.toString() : value)), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

export function consoleJson(handler: Handler, options: { adminOnly?: boolean } = {}) {
  return async (request: Request): Promise<Response> => {
    const context = await currentStaff();
    if (!context) return json({ error: "Sign in to the console." }, 401);
    try {
      if (options.adminOnly) assertAdmin(context);
      return json(await handler(context, request));
    } catch (error) {
      if (error instanceof ConsoleForbidden) return json({ error: error.message }, 403);
      console.error("console endpoint failed:", error);
      return json({ error: "Something went wrong on our side." }, 500);
    }
  };
}
