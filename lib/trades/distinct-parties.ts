// One person on both sides of a trade is refused. The payer and the payee are different
// marketplace user ids (initiate checks that), but two ids can be connected to one verified person
// (one service account): that person would buy from themself, escrow would protect nobody, and the
// fees and the payout would go round in a circle. The parties are compared where the payer
// commits — initiating, accepting the invitation, accept-and-pay, opening or completing the escrow
// payment — because a payer may connect only after the trade was initiated.
import { AppError } from "../errors.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import { run, statement, type Sql } from "../db/sql.ts";

type Scope = { tenantId: string; mode: ApiMode };

export const payerIsPayee = (payer: string, payee: string) =>
  new AppError(
    "payer-is-payee",
    `The payer ${JSON.stringify(payer)} and the payee ${JSON.stringify(payee)} are connected as the ` +
      "same person (one eID identity): nobody can buy from themself. Nothing was changed.",
  );

/**
 * Refuses (409 `payer-is-payee`) when the trade's two parties are connected as one person. `q` is
 * the caller's transaction; sent before the caller awaits anything else, it travels with the
 * caller's next statement, and it reads after the trade's lock when sent behind it.
 */
export async function refuseOnePersonOnBothSides(q: Sql | null, scope: Scope, tradeId: string): Promise<void> {
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
  if (same) throw payerIsPayee(same.payer, same.payee);
}
