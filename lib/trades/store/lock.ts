// Locking a trade's row for the rest of the transaction (SELECT … FOR UPDATE): the one file that
// does it. Every use case that reads a trade, or what hangs off it (payments, labels, payouts),
// before deciding names one of these locks to lib/trades/with-locked-trade.ts, which takes it
// first, so two requests about one trade run one after the other. Each locks and reads in one
// statement: a party's trade (404 when the user is not a party, exactly like an unknown
// trade), a tenant's trade (the API's, the console's), a trade by id, the trade of a label or of a payment, or a
// trade with its tenant's clock for the system's own follow-ups (the scheduler, payouts).
import { AppError } from "../../errors.ts";
import type { ShipmentLabel, Trade } from "../../db/generated/client.ts";
import type { ApiMode, PaymentPurpose, ShipmentLeg, ShipmentStatus } from "../../db/generated/enums.ts";
import { statement, type Sql } from "../../db/sql.ts";
import type { Role } from "../transition-table.ts";
import type { DeadlineSettings } from "../deadlines.ts";
import { samePersonOnBothSides } from "./parties.ts";
import { escrowPaymentOf, paymentByReference } from "./payment-rows.ts";
import { StatementParts } from "./statement-parts.ts";

// PRIMARY_KEY_FIRST. A row named by its id (a label, a payment) is found by its unique key alone,
// in a MATERIALIZED CTE that the tenant's and mode's conditions cannot reach into, and those are
// checked on the row found. Written side by side, `"id" = $1 AND "tenantId" = $2 AND "mode" = $3`,
// the planner may take the index that begins with the tenant and mode and check every one of the
// tenant's rows for the id: it does so whenever the table's statistics are older than its rows (a
// table analysed when it was small: a new deployment), a cost that grows with the table where the
// key's costs a few buffers (docs/performance.md, "Why the trade's store is shaped as it is").
// tests/integration/statement-plans.test.ts explains every statement on such statistics.

/**
 * The tenant's trade, in `mode` when given (the API's token), in
 * either mode when not (console staff), locked and read in one statement; otherwise a 404.
 */
async function lockTenantTradeRow(q: Sql, tenantId: string, tradeId: string, mode?: ApiMode): Promise<Trade> {
  const [trade] = await q<Trade>(
    mode
      ? statement`SELECT * FROM "Trade"
          WHERE "id" = ${tradeId} AND "tenantId" = ${tenantId} AND "mode" = ${mode}::"ApiMode" FOR UPDATE`
      : statement`SELECT * FROM "Trade" WHERE "id" = ${tradeId} AND "tenantId" = ${tenantId} FOR UPDATE`,
  );
  if (!trade) throw AppError.notFound(`Trade ${JSON.stringify(tradeId)}`);
  return trade;
}

/** The party's trade locked and read in one statement. */
async function lockPartyTradeRow(
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
  if (!trade) throw AppError.notFound(`Trade ${JSON.stringify(tradeId)} of user ${JSON.stringify(marketplaceUserId)}`);
  return { trade, role: trade.payerMarketplaceUserId === marketplaceUserId ? "payer" : "payee" };
}

/**
 * The trade of the tenant's label, locked and read in one statement with the label's leg and
 * status; null when the tenant has no such label in this mode. The label's columns are as they
 * were when the statement began, before any wait for the trade's lock: its leg never changes and
 * its status only moves on (Pending, Created, Sent, …), so a caller may refuse on the Pending it
 * reads (the label as it was when the request arrived), and takes no other decision from it.
 */
async function lockTradeOfLabel(
  q: Sql,
  scope: { tenantId: string; mode: ApiMode },
  labelId: string,
): Promise<{ trade: Trade; label: Pick<ShipmentLabel, "id" | "leg" | "status"> } | null> {
  // The label by its primary key alone, its tenant and mode checked after (PRIMARY_KEY_FIRST).
  const [row] = await q<Trade & { labelId: string; labelLeg: ShipmentLeg; labelStatus: ShipmentStatus }>(statement`
    WITH l AS MATERIALIZED (
      SELECT "id", "tradeId", "tenantId", "mode", "leg", "status" FROM "ShipmentLabel" WHERE "id" = ${labelId})
    SELECT t.*, l."id" AS "labelId", l."leg" AS "labelLeg", l."status" AS "labelStatus"
    FROM l JOIN "Trade" t ON t."id" = l."tradeId" AND t."tenantId" = l."tenantId"
    WHERE l."tenantId" = ${scope.tenantId} AND l."mode" = ${scope.mode}::"ApiMode"
    FOR UPDATE OF t`);
  if (!row) return null;
  const { labelId: id, labelLeg: leg, labelStatus: status, ...trade } = row;
  return { trade, label: { id, leg, status } };
}

/**
 * The trade of the tenant's payment named by its id or its externalId (a provider's callback knows
 * only its own), locked and read in one statement with the payment's id and purpose; null when the
 * tenant has no such payment in this mode. The payment's own state is for the caller to read again
 * under the lock. The payment is found as payment-rows.ts paymentByReference finds it.
 */
async function lockTradeOfPayment(
  q: Sql,
  scope: { tenantId: string; mode: ApiMode },
  reference: string,
): Promise<{ trade: Trade; payment: { id: string; purpose: PaymentPurpose } } | null> {
  const s = new StatementParts();
  const query = s.statement(
    [paymentByReference(s, reference, ["id", "tradeId", "tenantId", "mode", "purpose"])],
    `SELECT t.*, p."id" AS "paymentId", p."purpose" AS "paymentPurpose"
    FROM p JOIN "Trade" t ON t."id" = p."tradeId" AND t."tenantId" = p."tenantId"
    WHERE p."tenantId" = ${s.param(scope.tenantId)} AND p."mode" = ${s.param(scope.mode)}::"ApiMode"
    FOR UPDATE OF t`,
    "lock of payment",
  );
  const [row] = await q<Trade & { paymentId: string; paymentPurpose: PaymentPurpose }>(query);
  if (!row) return null;
  const { paymentId, paymentPurpose, ...trade } = row;
  return { trade, payment: { id: paymentId, purpose: paymentPurpose } };
}

/** What the scheduler needs of the trade's tenant: its sandbox clock and its deadline settings. */
export type TenantClock = DeadlineSettings & { sandboxClockOffsetSeconds: bigint };

const TRADE_WITH_CLOCK = `
  SELECT t.*, json_build_object(
      'sandboxClockOffsetSeconds', n."sandboxClockOffsetSeconds"::text,
      'unpaidExpirySeconds', n."unpaidExpirySeconds",
      'shipmentDeadlineSeconds', n."shipmentDeadlineSeconds",
      'acceptanceDeadlineSeconds', n."acceptanceDeadlineSeconds",
      'returnShipmentDeadlineSeconds', n."returnShipmentDeadlineSeconds",
      'returnAcceptanceDeadlineSeconds', n."returnAcceptanceDeadlineSeconds") AS "tenantClock"
  FROM "Trade" t JOIN "Tenant" n ON n."id" = t."tenantId"
  WHERE t."id" = $1
  FOR UPDATE OF t`;

/**
 * The system's own follow-ups by trade id (the scheduler's deadlines, payouts): the trade and its
 * tenant's clock and deadline settings, locked and read in one statement. `skipLocked`: null when
 * another instance holds the trade (it then does the work); otherwise waits for the lock (a
 * payout's answer must be recorded).
 */
async function lockTradeWithClock(
  q: Sql,
  tradeId: string,
  { skipLocked }: { skipLocked: boolean },
): Promise<{ trade: Trade; tenant: TenantClock } | null> {
  const [row] = await q<Trade & { tenantClock: TenantClock }>({
    text: skipLocked ? `${TRADE_WITH_CLOCK} SKIP LOCKED` : TRADE_WITH_CLOCK,
    values: [tradeId],
  });
  if (!row) return null;
  const { tenantClock, ...trade } = row;
  // json carries the bigint offset as text, so that no precision is lost on the way.
  return {
    trade,
    tenant: { ...tenantClock, sandboxClockOffsetSeconds: BigInt(tenantClock.sandboxClockOffsetSeconds) },
  };
}

/** A lock to take first in a trade's transaction: how to lock and read, and which trade it holds. */
export interface TradeLock<Locked> {
  /**
   * Locks and reads: what the use case decides on, and the trade the lock holds (null when it
   * found none: a label or payment not the tenant's, a trade another instance holds).
   */
  take(q: Sql): Promise<{ locked: Locked; trade: Trade | null }>;
  /**
   * The same lock with a read of the store sent right behind it, before its answer (lib/db/sql.ts
   * Sql): PostgreSQL runs the read once the lock is granted, and the use case waits one round trip
   * for both.
   */
  alongWith<Read>(read: (q: Sql) => Promise<Read>): TradeLock<{ locked: Locked; read: Read }>;
}

function holding<Locked>(
  take: (q: Sql) => Promise<Locked>,
  tradeOf: (locked: Locked) => Trade | null,
): TradeLock<Locked> {
  return {
    take: async (q) => {
      const locked = await take(q);
      return { locked, trade: tradeOf(locked) };
    },
    alongWith: <Read>(read: (q: Sql) => Promise<Read>) =>
      holding(
        async (q) => {
          const locking = take(q);
          const reading = read(q);
          // When the lock fails the read is never awaited here; marked handled so that it cannot
          // end the process as an unhandled rejection (the transaction reports the first error).
          reading.catch(() => {});
          return { locked: await locking, read: await reading };
        },
        (both: { locked: Locked; read: Read }) => tradeOf(both.locked),
      ),
  };
}

/** The locks a use case may name (lib/trades/with-locked-trade.ts takes them). */
export const tradeLocks = {
  /** The tenant's trade, in `mode` when given (the API), in either when not (console staff); else a 404. */
  ofTenant: (tenantId: string, tradeId: string, mode?: ApiMode): TradeLock<Trade> =>
    holding(
      (q) => lockTenantTradeRow(q, tenantId, tradeId, mode),
      (trade) => trade,
    ),
  /** The party's trade and their role in it; a 404 when the user is not a party. */
  ofParty: (scope: { tenantId: string; mode: ApiMode }, marketplaceUserId: string, tradeId: string) =>
    holding(
      (q) => lockPartyTradeRow(q, scope, marketplaceUserId, tradeId),
      (locked) => locked.trade,
    ),
  /**
   * The party's trade to pay its escrow: their role, the escrow payment, and the parties when both
   * are connected as one person (store/parties.ts), read right behind the lock (alongWith), so that
   * they see what committed while the request waited for it, in one round trip.
   */
  toPayEscrow: (scope: { tenantId: string; mode: ApiMode }, marketplaceUserId: string, tradeId: string) =>
    tradeLocks.ofParty(scope, marketplaceUserId, tradeId).alongWith(async (q) => {
      const [escrow, samePerson] = await Promise.all([
        escrowPaymentOf(q, scope, tradeId),
        samePersonOnBothSides(q, scope, tradeId),
      ]);
      return { escrow, samePerson };
    }),
  /** The trade a row of the tenant (a hosted session, a label, a payment) names by id. */
  byId: (tenantId: string, tradeId: string): TradeLock<Trade> =>
    holding(
      (q) => lockTenantTradeRow(q, tenantId, tradeId),
      (trade) => trade,
    ),
  /** The trade of the tenant's label, with the label's leg and status; null when there is no such label. */
  ofLabel: (scope: { tenantId: string; mode: ApiMode }, labelId: string) =>
    holding(
      (q) => lockTradeOfLabel(q, scope, labelId),
      (locked) => locked?.trade ?? null,
    ),
  /** The trade of the tenant's payment by its id or external id; null when there is no such payment. */
  ofPayment: (scope: { tenantId: string; mode: ApiMode }, reference: string) =>
    holding(
      (q) => lockTradeOfPayment(q, scope, reference),
      (locked) => locked?.trade ?? null,
    ),
  /** The system's own follow-ups: the trade with its tenant's clock; null when another instance holds it (skipLocked). */
  withClock: (tradeId: string, options: { skipLocked: boolean }) =>
    holding(
      (q) => lockTradeWithClock(q, tradeId, options),
      (locked) => locked?.trade ?? null,
    ),
};
