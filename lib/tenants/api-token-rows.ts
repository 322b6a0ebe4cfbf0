// A new API token as it is stored: its hash and display prefix and, for a sandbox token only, a copy
// sealed under the data keys so that an admin can show it again in the console (payment sandboxes
// let developers look up their test keys; a live key is never kept, only its hash). Every place
// that issues a token (tenant creation, the CLI's rotate and issue, the console) makes its row here.
import { randomUUID } from "node:crypto";
import type { ApiMode } from "../db/generated/enums.ts";
import { generateApiToken, hashApiToken } from "../auth/api-tokens.ts";
import { isSealed, openSecret, sealSecret } from "../crypto/secret-box.ts";

/** The sealed copy is bound to its tenant and row: copied into another row, it does not open. */
const purpose = (tenantId: string, tokenId: string) => `api-token:${tenantId}:${tokenId}`;

export function sealSandboxToken(token: string, tenantId: string, tokenId: string): string {
  return sealSecret(token, purpose(tenantId, tokenId));
}

export function newApiTokenRow(tenantId: string, mode: ApiMode, name: string) {
  const fresh = generateApiToken(mode);
  const id = randomUUID();
  const sealedToken = mode === "test" ? sealSandboxToken(fresh.token, tenantId, id) : null;
  return {
    token: fresh.token,
    row: { id, tenantId, mode, name, tokenHash: fresh.tokenHash, prefix: fresh.prefix, sealedToken },
  };
}

/**
 * The sandbox token a row keeps, or null when it keeps none (a live key, a revoked one, one made
 * before keys were kept). Throws when the copy does not open (its data key is no longer listed, or
 * the value was tampered with) or does not match the row's hash.
 */
export function openSandboxToken(row: {
  id: string;
  tenantId: string;
  mode: ApiMode;
  tokenHash: string;
  sealedToken: string | null;
}): string | null {
  // Plain text is never accepted here (openSecret would take it as written before sealing).
  if (row.mode !== "test" || !row.sealedToken || !isSealed(row.sealedToken)) return null;
  const token = openSecret(row.sealedToken, purpose(row.tenantId, row.id));
  if (hashApiToken(token) !== row.tokenHash) throw new Error(`API key ${row.id}: its sealed copy is not this key`);
  return token;
}
