// A trade's hosted session written in the transaction that holds the trade's lock (a checkout
// cancelled with its trade), so that the session and the trade cannot disagree.
import { statement, type Sql } from "../../db/sql.ts";

/**
 * The open sessions that pay a payment end completed once it is paid, however the news arrived (the
 * rail's callback, the payer's return, the reconciliation poll): the payment flows of that payment,
 * and for a trade's escrow payment its checkout.
 */
export const completeSessionsPaying = (q: Sql, payment: { id: string; tradeId: string; purpose: string }, now: Date) =>
  q(statement`
    UPDATE "HostedSession"
    SET "state" = 'Completed', "completedAt" = ${now}::timestamp
    WHERE "state" = 'Open' AND (
      ("kind" = 'PaymentFlow' AND "paymentId" = ${payment.id})
      OR ("kind" = 'Checkout' AND "tradeId" = ${payment.tradeId} AND ${payment.purpose === "Escrow"}::boolean))`);

/** An open session ends cancelled. */
export const cancelOpenSession = (q: Sql, sessionId: string, now: Date) =>
  q(statement`
    UPDATE "HostedSession"
    SET "state" = 'Cancelled', "completedAt" = ${now}::timestamp
    WHERE "id" = ${sessionId} AND "state" = 'Open'`);
