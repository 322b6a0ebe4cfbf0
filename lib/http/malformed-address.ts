// An address whose percent-escapes do not decode (`/console/api/exports/%E0`, `/pay/%`, an
// encoded lone surrogate `%ED%A0%80`): Next's router throws decoding it as a dynamic segment, and
// the production server answered 500 (Next has no 400 page of ours to show). The production
// server refuses such a request first, as a 400 in the shape of the face it was meant for: the
// API's error record, the console endpoints' JSON refusal, a plain line for pages.
import type { ServerResponse } from "node:http";
import { errorRecord } from "../api/error-record.ts";
import { CONSOLE_API } from "../console/operations/operation.ts";
import { consoleErrorBody } from "../console/console-error.ts";
import { AppError } from "../errors.ts";
import { refusalSecurityHeaders } from "./security-headers.js";

const MESSAGE = "The address has a percent-escape that does not decode to UTF-8 text.";

/** Whether `pathname` (as the request line has it) holds an escape that does not decode. */
export function hasMalformedEscape(pathname: string): boolean {
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The 400's headers and body for a path whose escapes do not decode. */
export function malformedAddress(pathname: string): { headers: Record<string, string>; body: string } {
  const headers = refusalSecurityHeaders(pathname);
  headers["cache-control"] = "no-store";
  const error = new AppError("malformed-request", MESSAGE);
  if (pathname.startsWith("/api/")) {
    const traceId = crypto.randomUUID();
    return {
      headers: { ...headers, "content-type": "application/json", "x-correlation-id": traceId },
      body: JSON.stringify(errorRecord(error, traceId)),
    };
  }
  if (pathname.startsWith(`${CONSOLE_API}/`))
    return {
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(consoleErrorBody(error)),
    };
  return { headers: { ...headers, "content-type": "text/plain; charset=utf-8" }, body: `${MESSAGE}\n` };
}

/** The production server's answer (scripts/serve.ts). */
export function answerMalformedAddress(response: ServerResponse, pathname: string): void {
  const { headers, body } = malformedAddress(pathname);
  response.writeHead(400, headers).end(body);
}
