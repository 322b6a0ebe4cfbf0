// Re-seals the kept copies of active sandbox API keys (api-token-rows.ts) with the current data key
// after a rotation (lib/crypto/data-keys.ts), at every start (scripts/run.ts), beside the webhook
// signing secrets. A row already sealed with the current key is skipped, and each row is written
// only if it still holds what was read (a revoke at the same moment wins). A copy that cannot be
// opened (its key is no longer listed) is left as it is and reported: that key cannot be shown
// again until the key is listed, and it still works for API calls, which use only its hash.
import type { Db } from "../db/client.ts";
import { dataKeys } from "../crypto/data-keys.ts";
import { sealedWith } from "../crypto/secret-box.ts";
import { openSandboxToken, sealSandboxToken } from "./api-token-rows.ts";

export interface ResealTokensResult {
  resealed: number;
  unreadable: { tokenId: string; reason: string }[];
}

export async function resealSandboxTokens(db: Db): Promise<ResealTokensResult> {
  const { current } = dataKeys();
  const result: ResealTokensResult = { resealed: 0, unreadable: [] };
  const rows = await db.apiToken.findMany({
    where: { mode: "test", revokedAt: null, sealedToken: { not: null } },
    select: { id: true, tenantId: true, mode: true, tokenHash: true, sealedToken: true },
  });
  for (const row of rows) {
    if (sealedWith(row.sealedToken!) === current) continue;
    let token: string | null;
    try {
      token = openSandboxToken(row);
    } catch (error) {
      result.unreadable.push({ tokenId: row.id, reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    // Never sealed (plain text in the column): not a copy we made, so it is dropped, not sealed.
    const sealedToken = token === null ? null : sealSandboxToken(token, row.tenantId, row.id);
    const { count } = await db.apiToken.updateMany({
      where: { id: row.id, sealedToken: row.sealedToken, revokedAt: null },
      data: { sealedToken },
    });
    result.resealed += count;
  }
  return result;
}
