// Event ids are derived from their cause, so writing the same cause twice (a retried transaction)
// yields the same id. The outbox is partitioned by month of createdAt, so its primary key is
// (id, createdAt) and no longer refuses an id on its own; what keeps one cause to one event is, for
// each writer:
// - A trade's events (lib/trades/trade-events.ts, id from the trade and its sequence): written only
//   with the trade's compare-and-set on its state and sequence (store/apply-plan.ts, in the same
//   statement as the timeline entry, unique per trade and sequence), or after taking the next
//   sequence under the trade's row lock (store/append-trade-event.ts). Each sequence number is given
//   out once, so a retry — at whatever time — finds the trade moved on and writes nothing.
// - user.connected (lib/users/connect-user.ts): its id is made from the user and the moment, and the
//   moment is its createdAt, so the same cause is the same (id, createdAt), which the key refuses.
// - A test event (test-event.ts): a random id; each request is a cause of its own.
// Redelivering (event-log.ts) writes no event: it makes the deliveries again.
// tests/integration/event-partitions.test.ts ("one cause, one event") holds the first two to it.
import { createHash } from "node:crypto";

export function deterministicEventId(...cause: string[]): string {
  const hex = createHash("sha256").update(cause.join("\u0000")).digest("hex");
  // UUID-shaped (version 8, custom) like every other id of the API.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
