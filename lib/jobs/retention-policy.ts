// How long the service keeps its logs (operator settings, read from the environment): used by the
// retention job (retention.ts) and shown on the console's log pages.

/** A whole number of days from the environment, or the default; anything else is a start-up error. */
export function retentionDays(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new Error(`${name} must be a whole number of days from 1 to 3650, not "${text}"`);
  return days;
}

/** Like retentionDays, where unset or 0 means kept for good (null). */
export function optionalRetentionDays(name: string): number | null {
  const text = process.env[name];
  if (text === undefined || text === "" || text === "0") return null;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new Error(`${name} must be 0 (kept for good) or a whole number of days from 1 to 3650, not "${text}"`);
  return days;
}

export interface RetentionPolicy {
  requestLogDays: number;
  webhookLogDays: number;
  /** Null: the events are kept for good (the default). */
  eventDays: number | null;
}

export const retentionPolicy = (): RetentionPolicy => ({
  requestLogDays: retentionDays("REQUEST_LOG_RETENTION_DAYS", 90),
  webhookLogDays: retentionDays("WEBHOOK_LOG_RETENTION_DAYS", 30),
  eventDays: optionalRetentionDays("EVENT_RETENTION_DAYS"),
});
