// A trade's hosted session written in the transaction that holds the trade's lock (a checkout
// cancelled with its trade), so that the session and the trade cannot disagree.
import { statement, type Sql } from "../../db/sql.ts";

/** An open session ends completed: what it was opened for is done (its payment paid). */
export const completeOpenSession = (q: Sql, sessionId: string, now: Date) =>
  q(statement`
    UPDATE "HostedSession"
    SET "state" = 'Completed', "completedAt" = ${now}::timestamp, "pendingPaymentId" = NULL, "pendingMethod" = NULL
    WHERE "id" = ${sessionId} AND "state" = 'Open'`);

/** An open session ends cancelled (a payment it was waiting for is forgotten with it). */
export const cancelOpenSession = (q: Sql, sessionId: string, now: Date) =>
  q(statement`
    UPDATE "HostedSession"
    SET "state" = 'Cancelled', "completedAt" = ${now}::timestamp, "pendingPaymentId" = NULL, "pendingMethod" = NULL
    WHERE "id" = ${sessionId} AND "state" = 'Open'`);
