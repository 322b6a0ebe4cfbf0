// The rules every answer of the fuzzer must keep (tests/helpers/fuzz-runner.ts's header), checked
// one answer at a time, and a short preview of a request or an answer for a failure's message.
import { ERROR_CODES } from "../../lib/errors.ts";
import type { CallResult } from "./call-route.ts";
import type { Case } from "./fuzz-case.ts";
import type { DocumentedOperation } from "./openapi-operations.ts";

/** `key` is the field or inside it; anything in the body is inside `body` (its members are keyed `a.b`, `[0]`). */
function namesField(key: string, field: string): boolean {
  return field === "body" || key === field || key.startsWith(`${field}.`) || key.startsWith(`${field}[`);
}

/** The rules of the file header; null when the answer keeps them all. */
export function checkAnswer(
  operation: DocumentedOperation,
  c: Case,
  result: CallResult,
  baseKeys: Set<string>,
): string | null {
  if (({} as Record<string, unknown>).polluted !== undefined) return "Object.prototype was polluted";
  if (result.status >= 500) return `answered ${result.status}`;
  if (!operation.documentedStatuses.includes(result.status))
    return `answered ${result.status}, which the document does not list (${operation.documentedStatuses.join(", ")})`;
  if (result.status >= 400) {
    const record = result.json as { status: number; typeCode: keyof typeof ERROR_CODES; errors: { key: string }[] };
    if (!operation.validateErrorRecord(record))
      return `the error body is not the error record: ${JSON.stringify(operation.validateErrorRecord.errors)}`;
    if (record.status !== result.status || ERROR_CODES[record.typeCode].status !== result.status)
      return "the error record's status does not match";
    if (record.typeCode === "validation-error" && record.errors.length === 0)
      return "a validation error names no field";
    if (
      c.names &&
      record.typeCode === "validation-error" &&
      !record.errors.some((e) => namesField(e.key, c.names!)) &&
      !record.errors.every((e) => baseKeys.has(e.key))
    ) {
      return `the validation error does not name ${c.names}`;
    }
  } else {
    if (result.status !== operation.successStatus)
      return `answered ${result.status}, not the documented ${operation.successStatus}`;
    if (operation.validateResponse && !operation.validateResponse(result.json))
      return `the success body does not match the document: ${JSON.stringify(operation.validateResponse.errors?.slice(0, 3))}`;
    const type = result.headers.get("Content-Type")?.split(";")[0] ?? "";
    if (operation.fileTypes.length) {
      if (!operation.fileTypes.includes(type))
        return `answered ${type || "no Content-Type"}, not one of the documented ${operation.fileTypes.join(", ")}`;
    } else if (!operation.validateResponse && result.json !== null) return "a body where the document says none";
  }
  if (c.expect && (result.status !== c.expect.status || result.json?.typeCode !== c.expect.typeCode))
    return `expected ${c.expect.status} ${c.expect.typeCode}`;
  return null;
}

export function preview(value: unknown): string {
  let text: string;
  try {
    text =
      value instanceof Uint8Array
        ? `bytes ${Buffer.from(value).toString("hex")}`
        : (JSON.stringify(value) ?? "undefined");
  } catch {
    text = String(value);
  }
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
}
