// Seals every stored webhook signing secret with the current data key: plain-text ones written
// before secrets were sealed, and those sealed with an older key after a rotation
// (lib/crypto/data-keys.ts). Run at every start (scripts/run.ts); there are at most 20
// subscriptions per tenant and mode, and a row already sealed with the current key is skipped.
// Each row is written only if it still holds what was read, so a rotation at the same moment wins.
// A previous secret whose grace period is over is dropped rather than re-sealed. A secret that
// cannot be opened (its key is no longer listed) is left as it is and reported: the start goes
// on, and only that subscription's deliveries wait until the key is listed again.
import type { Db } from "../db/client.ts";
import { dataKeys } from "../crypto/data-keys.ts";
import { sealedWith } from "../crypto/secret-box.ts";
import { openSigningSecret, sealSigningSecret } from "./signing.ts";

export interface ResealResult {
  resealed: number;
  /** Subscriptions whose secret could not be opened with the listed keys, and why. */
  unreadable: { subscriptionId: string; reason: string }[];
}

export async function resealWebhookSecrets(db: Db, now = new Date()): Promise<ResealResult> {
  const { current } = dataKeys();
  const result: ResealResult = { resealed: 0, unreadable: [] };
  const rows = await db.webhookSubscription.findMany({
    select: { id: true, secret: true, previousSecret: true, previousSecretExpiresAt: true },
  });
  for (const row of rows) {
    const previousLive =
      row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
    const stale =
      sealedWith(row.secret) !== current ||
      (row.previousSecret !== null && (!previousLive || sealedWith(row.previousSecret) !== current));
    if (!stale) continue;
    let data: { secret: string; previousSecret: string | null; previousSecretExpiresAt?: null };
    try {
      const reseal = (stored: string) =>
        sealedWith(stored) === current ? stored : sealSigningSecret(row.id, openSigningSecret(row.id, stored));
      data = previousLive
        ? { secret: reseal(row.secret), previousSecret: reseal(row.previousSecret!) }
        : { secret: reseal(row.secret), previousSecret: null, previousSecretExpiresAt: null };
    } catch (error) {
      result.unreadable.push({
        subscriptionId: row.id,
        reason: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    const { count } = await db.webhookSubscription.updateMany({
      where: { id: row.id, secret: row.secret, previousSecret: row.previousSecret },
      data,
    });
    result.resealed += count;
  }
  return result;
}
