// Idempotency-Key on POST: the first response for a key is stored for 24 hours and replayed for
// the same request; the same key with another request is a 422; while the first is still running,
// a 409. Stored responses are sealed under the data key (lib/crypto/secret-box.ts), bound to their
// record: some hold secrets shown once (a webhook signing secret, a hosted link's token), which
// the rest of the database keeps only sealed or hashed.
import { createHash } from "node:crypto";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { db } from "../db/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { AppError } from "../errors.ts";
import { requestHeader } from "../http/request-headers.ts";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const RETENTION_MS = 24 * 60 * 60 * 1000;
// A request that has not finished after this long died with its process: its key may be reused.
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim = { kind: "replay"; response: StoredResponse } | { kind: "claimed"; recordId: string };

export function idempotencyKey(request: Request): string | null {
  const key = requestHeader(request, IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (key.length < 1 || key.length > 255) {
    throw new AppError("validation-error", "Idempotency-Key: Must be 1 to 255 characters.", {
      errors: [{ key: "Idempotency-Key", value: "Must be 1 to 255 characters." }],
    });
  }
  return key;
}

export function requestFingerprint(method: string, path: string, body: string): string {
  return createHash("sha256").update(`${method}\n${path}\n${body}`).digest("hex");
}

export async function claimIdempotencyKey(
  scope: { tenantId: string; mode: ApiMode },
  key: string,
  method: string,
  path: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    // ON CONFLICT DO NOTHING: exactly one concurrent request wins the key, without a failed
    // statement (which would abort a surrounding transaction) for the others.
    const inserted = await db.$queryRaw<{ id: string }[]>`
      INSERT INTO "IdempotencyRecord" ("id", "tenantId", "mode", "key", "method", "path", "requestHash",
      "state", "createdAt", "expiresAt")
      VALUES (gen_random_uuid()::text, ${scope.tenantId}, ${scope.mode}::"ApiMode", ${key}, ${method}, ${path},
      ${fingerprint}, 'InProgress', ${now}, ${new Date(now.getTime() + RETENTION_MS)})
      ON CONFLICT ("tenantId", "mode", "key") DO NOTHING
      RETURNING "id"`;
    if (inserted[0]) return { kind: "claimed", recordId: inserted[0].id };

    const existing = await db.idempotencyRecord.findUnique({
      where: { tenantId_mode_key: { tenantId: scope.tenantId, mode: scope.mode, key } },
    });
    if (!existing) continue; // removed in between: try again
    const expired = existing.expiresAt <= now;
    const abandoned =
      existing.state === "InProgress" && now.getTime() - existing.createdAt.getTime() > ABANDONED_AFTER_MS;
    if (expired || abandoned) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.requestHash !== fingerprint) {
      throw new AppError(
        "idempotency-key-mismatch",
        "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
      );
    }
    if (existing.state === "InProgress" || existing.responseStatus === null || existing.responseBody === null) {
      throw new AppError(
        "idempotency-in-progress",
        "A request with this Idempotency-Key is still being processed. Retry shortly.",
        { headers: { "Retry-After": "1" } },
      );
    }
    // A record from before responses were sealed opens as it is (they live 24 hours at most).
    return {
      kind: "replay",
      response: { status: existing.responseStatus, body: openSecret(existing.responseBody, purposeOf(existing.id)) },
    };
  }
  throw new AppError(
    "idempotency-in-progress",
    "A request with this Idempotency-Key is still being processed. Retry shortly.",
    { headers: { "Retry-After": "1" } },
  );
}

const purposeOf = (recordId: string) => `idempotency-response:${recordId}`;

export async function completeIdempotencyKey(recordId: string, response: StoredResponse): Promise<void> {
  const responseBody = sealSecret(response.body, purposeOf(recordId));
  await db.idempotencyRecord.update({
    where: { id: recordId },
    data: { state: "Completed", responseStatus: response.status, responseBody },
  });
}

/** The request failed on our side: free the key so that a retry runs again. */
export async function releaseIdempotencyKey(recordId: string): Promise<void> {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId } });
}
