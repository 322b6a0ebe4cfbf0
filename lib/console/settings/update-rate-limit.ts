// An admin changes how many API requests per minute each of the tenant's tokens may make, within
// the console's bounds (settings-rules.ts). The next request of every instance counts against it:
// the limit is read with the token, and the count so far in the window carries over.
import type { z } from "zod";
import { db } from "../../db/client.ts";
import { updateRateLimit } from "../../tenants/rate-limit-settings.ts";
import { assertAdmin, type StaffContext } from "../auth/staff-session.ts";
import type { RateLimitBody } from "./settings-rules.ts";

export async function updateApiRateLimit(context: StaffContext, body: z.output<typeof RateLimitBody>) {
  assertAdmin(context);
  const saved = await updateRateLimit(db, context.tenant.id, body.rateLimitPerMinute);
  return { rateLimitPerMinute: saved.rateLimitPerMinute };
}
