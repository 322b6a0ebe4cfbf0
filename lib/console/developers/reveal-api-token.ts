// Showing a sandbox API key again (admins only), as payment sandboxes let developers look up their
// test keys. Only an active test key kept sealed can be shown (lib/tenants/api-token-rows.ts); a
// live key exists only as its hash and is never shown again. Each showing is recorded on the key
// (when, and which member: the API keys page says so) and in the server log.
import { AppError } from "../../errors.ts";
import { db } from "../../db/client.ts";
import { log } from "../../ops/log.ts";
import { openSandboxToken } from "../../tenants/api-token-rows.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";

export async function revealApiToken(context: StaffContext, tokenId: string) {
  assertAdmin(context);
  const row = await db.apiToken.findFirst({ where: { id: tokenId, tenantId: context.tenant.id } });
  if (!row) throw AppError.notFound(`API key ${JSON.stringify(tokenId)}`);
  if (row.mode === "live")
    throw new AppError(
      "forbidden",
      "A live key is shown only once, when it is made. If it is lost, create a new live key and revoke this one.",
    );
  if (row.revokedAt) throw new AppError("conflict", "This key is revoked: it cannot be used or shown again.");
  const token = openKept(row);
  if (!token)
    throw new AppError(
      "conflict",
      "This key was made before test keys were kept to be shown again. Create a new test key and revoke this one.",
    );
  // Only while the key is still active: a revoke at the same moment wins, and nothing is shown.
  const revealedAt = new Date();
  const { count } = await db.apiToken.updateMany({
    where: { id: row.id, tenantId: context.tenant.id, revokedAt: null },
    data: { revealedAt, revealedById: context.staff.id },
  });
  if (count !== 1) throw new AppError("conflict", "This key is revoked: it cannot be used or shown again.");
  log.info("console: sandbox API key shown again", {
    tenantId: context.tenant.id,
    tokenId: row.id,
    staffId: context.staff.id,
  });
  return { tokenId: row.id, prefix: row.prefix, token, revealedAt: revealedAt.toISOString() };
}

/** The kept copy; one that does not open here (its data key is gone) is reported, not shown. */
function openKept(row: Parameters<typeof openSandboxToken>[0]): string | null {
  try {
    return openSandboxToken(row);
  } catch (error) {
    log.error("console: a sandbox API key's sealed copy cannot be opened", error);
    throw new AppError(
      "conflict",
      "This key cannot be shown again on this deployment (its encryption key is not configured). Create a new test key and revoke this one.",
    );
  }
}
