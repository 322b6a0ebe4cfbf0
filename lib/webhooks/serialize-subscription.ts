import type { z } from "zod";
import type { WebhookSubscription } from "../db/generated/client.ts";
import type { Subscription } from "./schemas.ts";

export function serializeSubscription(row: WebhookSubscription, now = new Date()): z.input<typeof Subscription> {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    secretRotatedUntil:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
        ? row.previousSecretExpiresAt.toISOString()
        : null,
  };
}
