// Event ids are derived from their cause, so writing the same cause twice (a retried transaction)
// yields the same id and the outbox's primary key refuses the copy.
import { createHash } from "node:crypto";

export function deterministicEventId(...cause: string[]): string {
  const hex = createHash("sha256").update(cause.join("\u0000")).digest("hex");
  // UUID-shaped (version 8, custom) like every other id of the API.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
