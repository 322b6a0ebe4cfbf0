// What time it is for a tenant: real time in live mode; in test mode, real time plus the tenant's
// sandbox clock offset (decisions.md §6), so deadlines can be fired by moving the clock forward.
import type { ApiMode } from "./db/generated/enums.ts";

export function tenantNow(tenant: { sandboxClockOffsetSeconds: bigint }, mode: ApiMode, realNow = Date.now()): Date {
  if (mode === "live") return new Date(realNow);
  return new Date(realNow + Number(tenant.sandboxClockOffsetSeconds) * 1000);
}
