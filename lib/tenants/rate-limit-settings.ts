// The tenant's API rate limit: requests per minute per API token (lib/api/token-rate-limit.ts; 1,200
// unless set, schema.prisma). The operator may set anything in OPERATOR_RATE_LIMIT (a big
// marketplace, the benchmark tenants); the tenant's own admins choose within CONSOLE_RATE_LIMIT
// (lib/console/settings/settings-rules.ts).
import type { Db } from "../db/client.ts";

export const OPERATOR_RATE_LIMIT = { min: 1, max: 10_000_000 } as const;

/** Throws an Error naming the problem unless `value` is a whole number within the operator's bounds. */
export function checkRateLimit(value: number): number {
  if (!Number.isInteger(value) || value < OPERATOR_RATE_LIMIT.min || value > OPERATOR_RATE_LIMIT.max) {
    throw new Error(
      `The rate limit must be a whole number of requests per minute from ${OPERATOR_RATE_LIMIT.min} to ${OPERATOR_RATE_LIMIT.max.toLocaleString("en-GB")}.`,
    );
  }
  return value;
}

export async function updateRateLimit(db: Db, tenantId: string, rateLimitPerMinute: number) {
  const tenant = await db.tenant.update({
    where: { id: tenantId },
    data: { rateLimitPerMinute: checkRateLimit(rateLimitPerMinute) },
    select: { id: true, name: true, rateLimitPerMinute: true },
  });
  return { tenantId: tenant.id, name: tenant.name, rateLimitPerMinute: tenant.rateLimitPerMinute };
}
