// Locking a trade's row for the rest of the transaction (SELECT … FOR UPDATE): the one file that
// does it. Every use case that reads a trade, or what hangs off it (payments, labels, payouts),
// before deciding takes the lock here first, so two requests about one trade run one after the
// other. On a Prisma transaction: payouts' trade by id (lib/payouts/pay-out-trade.ts). On the
// driver's transaction (lib/db/sql.ts inTransaction), lock and read in one statement: a party's
// trade (404 when the user is not a party, exactly like an unknown trade), a tenant's trade (the
// API's, the console's), a trade by id, the trade of a payment, or a due trade for the scheduler.
import { ApiError } from "../errors.ts";
import type { Prisma, Tenant, Trade } from "../db/generated/client.ts";
import type { ApiMode, PaymentPurpose } from "../db/generated/enums.ts";
import { statement, type Sql } from "../db/sql.ts";
import type { Role } from "./presentation/status.ts";
import type { DeadlineSettings } from "./deadlines.ts";

/** Holds the trade's row until the transaction ends, without reading it (the Prisma locks below read it after). */
async function holdTradeRow(tx: Prisma.TransactionClient, tradeId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE`;
}

type TradeWithTenant = Trade & { tenant: Tenant };

/**
 * The payout's lock: the trade with its tenant, or null when another
 * instance holds it (SKIP LOCKED), which then does the work.
 */
export async function tryLockTrade(tx: Prisma.TransactionClient, tradeId: string): Promise<TradeWithTenant | null> {
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT "id" FROM "Trade" WHERE "id" = ${tradeId} FOR UPDATE SKIP LOCKED`;
  if (!locked.length) return null;
  return tx.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
}

/** Waits for the lock: the trade with its tenant, for a follow-up that must happen (a payout's answer). */
export async function lockTrade(tx: Prisma.TransactionClient, tradeId: string): Promise<TradeWithTenant> {
  await holdTradeRow(tx, tradeId);
  return tx.trade.findUniqueOrThrow({ where: { id: tradeId }, include: { tenant: true } });
}

/**
 * lockTenantTrade on the driver: the tenant's trade, in `mode` when given (the API's token), in
 * either mode when not (console staff), locked and read in one statement; otherwise a 404.
 */
export async function lockTenantTradeRow(q: Sql, tenantId: string, tradeId: string, mode?: ApiMode): Promise<Trade> {
  const [trade] = await q<Trade>(
    mode
      ? statement`SELECT * FROM "Trade"
          WHERE "id" = ${tradeId} AND "tenantId" = ${tenantId} AND "mode" = ${mode}::"ApiMode" FOR UPDATE`
      : statement`SELECT * FROM "Trade" WHERE "id" = ${tradeId} AND "tenantId" = ${tenantId} FOR UPDATE`,
  );
  if (!trade) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)}`);
  return trade;
}

/** lockPartyTrade on the driver: the party's trade locked and read in one statement. */
export async function lockPartyTradeRow(
  q: Sql,
  scope: { tenantId: string; mode: ApiMode },
  marketplaceUserId: string,
  tradeId: string,
): Promise<{ trade: Trade; role: Role }> {
  const [trade] = await q<Trade>(statement`
    SELECT * FROM "Trade"
    WHERE "id" = ${tradeId} AND "tenantId" = ${scope.tenantId} AND "mode" = ${scope.mode}::"ApiMode"
      AND (${marketplaceUserId} = "payerMarketplaceUserId" OR ${marketplaceUserId} = "payeeMarketplaceUserId")
    FOR UPDATE`);
  if (!trade) throw ApiError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  return { trade, role: trade.payerMarketplaceUserId === marketplaceUserId ? "payer" : "payee" };
}

/** The trade a row of the tenant (a label, a payment) belongs to, locked and read in one statement. */
export async function lockTradeRowById(q: Sql, tenantId: string, tradeId: string): Promise<Trade> {
  const [trade] = await q<Trade>(
    statement`SELECT * FROM "Trade" WHERE "id" = ${tradeId} AND "tenantId" = ${tenantId} FOR UPDATE`,
  );
  if (!trade) throw new Error(`Trade ${tradeId} of a row of its tenant is missing`);
  return trade;
}

/**
 * The trade of the tenant's payment named by its id or its externalId (a provider's callback knows
 * only its own), locked and read in one statement with the payment's id and purpose; null when the
 * tenant has no such payment in this mode. The payment's own state is for the caller to read again
 * under the lock. The reference is looked up in each unique index on its own: written as
 * `"id" = $1 OR "externalId" = $1`, the prepared statement's generic plan read the tenant's
 * payments one by one (about 400 buffers a call under the benchmark).
 */
export async function lockTradeOfPayment(
  q: Sql,
  scope: { tenantId: string; mode: ApiMode },
  reference: string,
): Promise<{ trade: Trade; payment: { id: string; purpose: PaymentPurpose } } | null> {
  const [row] = await q<Trade & { paymentId: string; paymentPurpose: PaymentPurpose }>(statement`
    SELECT t.*, p."id" AS "paymentId", p."purpose" AS "paymentPurpose"
    FROM "Payment" p JOIN "Trade" t ON t."id" = p."tradeId" AND t."tenantId" = p."tenantId"
    WHERE p."id" = (SELECT "id" FROM "Payment" WHERE "id" = ${reference}
                    UNION ALL SELECT "id" FROM "Payment" WHERE "externalId" = ${reference} LIMIT 1)
      AND p."tenantId" = ${scope.tenantId}
      AND p."mode" = ${scope.mode}::"ApiMode"
    FOR UPDATE OF t`);
  if (!row) return null;
  const { paymentId, paymentPurpose, ...trade } = row;
  return { trade, payment: { id: paymentId, purpose: paymentPurpose } };
}

/** What the scheduler needs of the trade's tenant: its sandbox clock and its deadline settings. */
export type TenantClock = DeadlineSettings & { sandboxClockOffsetSeconds: bigint };

/**
 * tryLockTrade on the driver (the scheduler's deadlines): the trade and its tenant's clock and
 * settings, locked and read in one statement, or null when another instance holds the trade (SKIP
 * LOCKED), which then does the work.
 */
export async function tryLockTradeRow(q: Sql, tradeId: string): Promise<{ trade: Trade; tenant: TenantClock } | null> {
  const [row] = await q<Trade & { tenantClock: TenantClock }>(statement`
    SELECT t.*, json_build_object(
        'sandboxClockOffsetSeconds', n."sandboxClockOffsetSeconds"::text,
        'unpaidExpirySeconds', n."unpaidExpirySeconds",
        'shipmentDeadlineSeconds', n."shipmentDeadlineSeconds",
        'acceptanceDeadlineSeconds', n."acceptanceDeadlineSeconds",
        'returnShipmentDeadlineSeconds', n."returnShipmentDeadlineSeconds",
        'returnAcceptanceDeadlineSeconds', n."returnAcceptanceDeadlineSeconds") AS "tenantClock"
    FROM "Trade" t JOIN "Tenant" n ON n."id" = t."tenantId"
    WHERE t."id" = ${tradeId}
    FOR UPDATE OF t SKIP LOCKED`);
  if (!row) return null;
  const { tenantClock, ...trade } = row;
  // json carries the bigint offset as text, so that no precision is lost on the way.
  return {
    trade,
    tenant: { ...tenantClock, sandboxClockOffsetSeconds: BigInt(tenantClock.sandboxClockOffsetSeconds) },
  };
}
