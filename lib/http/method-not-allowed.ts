// 405 for methods the production server does not serve on a path: TRACE, PROPFIND and the like
// everywhere (Next would answer them 500 and log a stack trace), and on an API path any method its
// route file does not export. API paths get the error record; pages a plain line. Allow says
// what would work.
import type { ServerResponse } from "node:http";
import { errorRecord } from "../api/error-record.ts";
import { AppError } from "../errors.ts";
import { refusalSecurityHeaders } from "./security-headers.js";

/** Methods Next and the API serve; anything else is refused before reaching them. */
export const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const PAGE_METHODS = "GET, HEAD, POST, OPTIONS";

/** The 405's status, headers and body: the same whichever router refused the method. */
export function methodNotAllowed(
  method: string,
  pathname: string,
  apiMethods: string[],
): { headers: Record<string, string>; body: string } {
  const headers = refusalSecurityHeaders(pathname);
  headers["cache-control"] = "no-store";
  if (pathname.startsWith("/api/")) {
    const allow = apiMethods.length ? apiMethods.join(", ") : "GET, POST, PUT, PATCH, DELETE";
    const traceId = crypto.randomUUID();
    const record = errorRecord(
      new AppError("method-not-allowed", `${method} is not served here. Allowed: ${allow}.`),
      traceId,
    );
    return {
      headers: { ...headers, allow, "content-type": "application/json", "x-correlation-id": traceId },
      body: JSON.stringify(record),
    };
  }
  return {
    headers: { ...headers, allow: PAGE_METHODS, "content-type": "text/plain; charset=utf-8" },
    body: "Method not allowed.\n",
  };
}

/** The production server's answer (scripts/serve.ts). */
export function answerMethodNotAllowed(
  response: ServerResponse,
  method: string,
  pathname: string,
  apiMethods: string[],
): void {
  const { headers, body } = methodNotAllowed(method, pathname, apiMethods);
  response.writeHead(405, headers).end(body);
}
