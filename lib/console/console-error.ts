// The body of a console endpoint's refusal: the message staff may read, the error's code, and
// `errors` naming the offending fields ({ key, value }) so that a form can show each next to its
// field. One shape for every refusal, whether the endpoint or the server in front of it refuses.
import type { AppError } from "../errors.ts";

export function consoleErrorBody(error: AppError): { error: string; code: string; errors?: AppError["errors"] } {
  return { error: error.message, code: error.code, ...(error.errors.length ? { errors: error.errors } : {}) };
}
