// Seals every stored webhook signing secret with the current data key: plain-text ones written
// before secrets were sealed, and those sealed with an older key after a rotation
// (lib/crypto/data-keys.ts). Run at every start (scripts/run.ts); there are at most 20
// subscriptions per tenant and mode, and a row already sealed with the current key is skipped.
// Each row is written only if it still holds what was read, so a rotation at the same moment wins.
import type { Db } from "../db/client.ts";
import { dataKeys } from "../crypto/data-keys.ts";
import { openSecret, sealedWith, sealSecret } from "../crypto/secret-box.ts";
import { SIGNING_SECRET_PURPOSE as PURPOSE } from "./signing.ts";

export async function resealWebhookSecrets(db: Db): Promise<number> {
  const { current } = dataKeys();
  const stale = (stored: string | null) => stored !== null && sealedWith(stored) !== current;
  const rows = await db.webhookSubscription.findMany({ select: { id: true, secret: true, previousSecret: true } });
  let resealed = 0;
  for (const row of rows.filter((r) => stale(r.secret) || stale(r.previousSecret))) {
    const reseal = (stored: string | null) => (stored === null ? null : sealSecret(openSecret(stored, PURPOSE), PURPOSE));
    const { count } = await db.webhookSubscription.updateMany({
      where: { id: row.id, secret: row.secret, previousSecret: row.previousSecret },
      data: { secret: reseal(row.secret)!, previousSecret: reseal(row.previousSecret) },
    });
    resealed += count;
  }
  return resealed;
}
