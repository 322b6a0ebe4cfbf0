// The trades whose deadline has fallen due (lib/jobs/fire-deadlines.ts fires them).
import { db } from "../../db/client.ts";
import type { ApiMode } from "../../db/generated/enums.ts";

/**
 * The earliest due deadlines, of one tenant's mode or of all, at most `limit`. Each tenant's mode
 * has its own now (a test-mode tenant's sandbox clock), so the due ones are read per tenant and
 * mode, each a range of the (tenantId, mode, deadlineAt) index up to its own now; one range over
 * all deadlines could not stop at anyone's now and read every future deadline on each round.
 */
export function dueDeadlines(modes: ApiMode[], onlyTenantId: string | null, limit: number) {
  return db.$queryRaw<{ id: string; deadlineKind: string }[]>`
    SELECT d."id", d."deadlineKind"
    FROM "Tenant" n CROSS JOIN unnest(${modes}::"ApiMode"[]) m("mode")
    CROSS JOIN LATERAL (
      SELECT t."id", t."deadlineKind", t."deadlineAt" FROM "Trade" t
      WHERE t."tenantId" = n."id" AND t."mode" = m."mode"
        AND t."deadlineAt" <= CASE WHEN m."mode" = 'test'
          THEN now() + n."sandboxClockOffsetSeconds" * interval '1 second' ELSE now() END
      ORDER BY t."deadlineAt" LIMIT ${limit}) d
    WHERE ${onlyTenantId}::text IS NULL OR n."id" = ${onlyTenantId}
    ORDER BY d."deadlineAt" LIMIT ${limit}`;
}
