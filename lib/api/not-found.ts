// The answer for addresses under /api that no operation serves.
import { correlationId } from "./correlation.ts";
import { errorRecord } from "./error-record.ts";
import { AppError } from "../errors.ts";

export async function notFoundResponse(request: Request): Promise<Response> {
  const { traceId } = correlationId(request);
  const path = new URL(request.url).pathname;
  const error = new AppError("not-found", `No operation ${request.method} ${path}. The API reference is at /docs.`);
  return Response.json(errorRecord(error, traceId), {
    status: 404,
    headers: { "X-Correlation-Id": traceId, "Cache-Control": "no-store" },
  });
}
