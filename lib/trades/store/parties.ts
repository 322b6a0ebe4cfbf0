// Who the trade's parties are as people: both marketplace user ids connected to one service
// account (one verified person) is refused where the payer commits (lib/trades/distinct-parties.ts).
import type { ApiMode } from "../../db/generated/enums.ts";
import { run, statement, type Sql } from "../../db/sql.ts";

/**
 * The parties' ids when they are connected as one person, else null. `q` is the caller's
 * transaction (null: on the pool); sent before the caller awaits anything else, it travels with
 * the caller's next statement, and it reads after the trade's lock when sent behind it.
 */
export async function samePersonOnBothSides(
  q: Sql | null,
  scope: { tenantId: string; mode: ApiMode },
  tradeId: string,
): Promise<{ payer: string; payee: string } | null> {
  const query = statement`
    SELECT t."payerMarketplaceUserId" AS "payer", t."payeeMarketplaceUserId" AS "payee"
    FROM "Trade" t
    JOIN "MarketplaceUser" payer ON payer."tenantId" = t."tenantId" AND payer."mode" = t."mode"
      AND payer."marketplaceUserId" = t."payerMarketplaceUserId"
    JOIN "MarketplaceUser" payee ON payee."tenantId" = t."tenantId" AND payee."mode" = t."mode"
      AND payee."marketplaceUserId" = t."payeeMarketplaceUserId"
    WHERE t."id" = ${tradeId} AND t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode"
      AND payer."serviceAccountId" = payee."serviceAccountId"`;
  const [same] = await (q ? q<{ payer: string; payee: string }>(query) : run<{ payer: string; payee: string }>(query));
  return same ?? null;
}
