// The simulated bank: the rail's own side of a simulated payment (what a real rail keeps on its
// servers). The payer pays on its page (app/sandbox-bank) with a test instrument; the sandbox's
// complete-payment endpoint decides as if the payer had. Every change is a compare-and-set on the
// bank payment's state, so a double click or two tabs take one answer.
import { randomBytes } from "node:crypto";
import { db } from "../../db/client.ts";
import { run, statement } from "../../db/sql.ts";
import type { RailPaymentStatus, RailTry } from "../payment-rail.ts";
import { testInstrument } from "./instruments.ts";

const reference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export type BankPaymentState = "open" | "awaiting_confirmation" | "succeeded" | "expired";

export async function openBankPayment(input: {
  idempotencyKey: string;
  amountMinor: bigint;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
}): Promise<{ id: string }> {
  // The same key always names the same bank payment: made here, or the one made before, in one
  // statement. Its second half reads the statement's snapshot, which lacks a payment another
  // request committed while this insert waited on its key; then the payment is read again.
  const { idempotencyKey, amountMinor, currency, description, returnUrl, cancelUrl } = input;
  const [made] = await run<{ id: string }>(statement`
    WITH made AS (
      INSERT INTO "SimulatedBankPayment" ("id", "idempotencyKey", "amountMinor", "currency", "description", "returnUrl", "cancelUrl")
      VALUES (${reference("simbank")}, ${idempotencyKey}, ${amountMinor}, ${currency}, ${description}, ${returnUrl}, ${cancelUrl})
      ON CONFLICT ("idempotencyKey") DO NOTHING RETURNING "id")
    SELECT "id" FROM made
    UNION ALL SELECT "id" FROM "SimulatedBankPayment" WHERE "idempotencyKey" = ${idempotencyKey}
    LIMIT 1`);
  return (
    made ??
    db.simulatedBankPayment.findUniqueOrThrow({
      where: { idempotencyKey },
      select: { id: true },
    })
  );
}

export function findBankPayment(id: string) {
  return db.simulatedBankPayment.findUnique({ where: { id }, include: { tries: { orderBy: { createdAt: "asc" } } } });
}

export type BankPayment = NonNullable<Awaited<ReturnType<typeof findBankPayment>>>;

/** What the rail's status is made of: the payment's state and amount, its tries in order. */
type BankPaymentForStatus = Pick<BankPayment, "state" | "amountMinor" | "currency"> & {
  tries: Pick<BankPayment["tries"][number], "id" | "outcome" | "method">[];
};

/** The bank payment with its tries, in one statement (the rail's paymentStatus, asked on every settle); null when unknown. */
export async function bankPaymentForStatus(id: string): Promise<BankPaymentForStatus | null> {
  const [found] = await run<BankPaymentForStatus>(statement`
    SELECT b."state", b."amountMinor", b."currency",
      COALESCE((SELECT json_agg(json_build_object('id', t."id", 'outcome', t."outcome", 'method', t."method") ORDER BY t."createdAt")
        FROM "SimulatedBankTry" t WHERE t."bankPaymentId" = b."id"), '[]') AS "tries"
    FROM "SimulatedBankPayment" b WHERE b."id" = ${id}`);
  return found ?? null;
}

export function statusOf(payment: BankPaymentForStatus): RailPaymentStatus {
  const tries: RailTry[] = payment.tries.map((t) => ({
    id: t.id,
    outcome: t.outcome as RailTry["outcome"],
    method: t.method === SANDBOX_METHOD ? null : t.method,
  }));
  const state = payment.state as BankPaymentState;
  const charged = { amountMinor: payment.amountMinor, currency: payment.currency };
  switch (state) {
    case "succeeded":
      return { state: "succeeded", tries, ...charged };
    case "expired":
      return { state: "closed", tries, ...charged };
    case "awaiting_confirmation":
    case "open":
      return { state: "open", tries, ...charged };
  }
}

/** The method recorded for a try the sandbox's endpoint decided (no instrument was used). */
const SANDBOX_METHOD = "sandbox";

/** What the payer's choice did: paid, declined (try another), or waiting for their confirmation. */
export type PayAnswer = "succeeded" | "declined" | "confirm" | "unavailable";

export async function payWithInstrument(id: string, instrumentId: string, now: Date): Promise<PayAnswer> {
  const instrument = testInstrument(instrumentId);
  if (!instrument) return "declined";
  switch (instrument.behaviour) {
    case "approved":
      return (await succeed(id, ["open"], instrument.id, now)) ? "succeeded" : "unavailable";
    case "declined":
      return (await decline(id, ["open"], instrument.id, "declined_by_bank", now)) ? "declined" : "unavailable";
    case "confirmation": {
      const { count } = await db.simulatedBankPayment.updateMany({
        where: { id, state: "open" },
        data: { state: "awaiting_confirmation", method: instrument.id },
      });
      return count === 1 ? "confirm" : "unavailable";
    }
  }
}

/** The payer's answer in their bank's step or their wallet's app. */
export async function answerConfirmation(id: string, approved: boolean, now: Date): Promise<PayAnswer> {
  const payment = await db.simulatedBankPayment.findUnique({ where: { id }, select: { method: true } });
  const method = payment?.method;
  if (!method) return "unavailable";
  if (approved) return (await succeed(id, ["awaiting_confirmation"], method, now)) ? "succeeded" : "unavailable";
  return (await decline(id, ["awaiting_confirmation"], method, "not_confirmed", now)) ? "declined" : "unavailable";
}

/** The sandbox's endpoint decides as if the payer had paid or been declined. */
export async function decideBySandbox(id: string, outcome: "succeeded" | "failed", now: Date): Promise<boolean> {
  return outcome === "succeeded"
    ? succeed(id, ["open", "awaiting_confirmation"], SANDBOX_METHOD, now)
    : decline(id, ["open", "awaiting_confirmation"], SANDBOX_METHOD, "declined_by_bank", now);
}

/** Closed at our request (a new rail payment replaces it): it can no longer be paid. */
export async function expireBankPayment(id: string, now: Date): Promise<void> {
  await db.simulatedBankPayment.updateMany({
    where: { id, state: { in: ["open", "awaiting_confirmation"] } },
    data: { state: "expired", decidedAt: now },
  });
}

// A decision is one statement: the payment's compare-and-set and its try, which is recorded only
// when the compare-and-set took (so a double click records one try).
async function succeed(id: string, from: BankPaymentState[], method: string, now: Date): Promise<boolean> {
  const decided = await run(statement`
    WITH decided AS (
      UPDATE "SimulatedBankPayment" SET "state" = 'succeeded', "method" = ${method}, "decidedAt" = ${now}
      WHERE "id" = ${id} AND "state" = ANY(${from}::text[]) RETURNING "id")
    INSERT INTO "SimulatedBankTry" ("id", "bankPaymentId", "method", "outcome", "createdAt")
    SELECT ${reference("simtry")}, "id", ${method}, 'succeeded', ${now} FROM decided RETURNING "id"`);
  return decided.length === 1;
}

async function decline(
  id: string,
  from: BankPaymentState[],
  method: string,
  outcome: "declined_by_bank" | "not_confirmed",
  now: Date,
): Promise<boolean> {
  const declined = await run(statement`
    WITH declined AS (
      UPDATE "SimulatedBankPayment" SET "state" = 'open', "method" = NULL
      WHERE "id" = ${id} AND "state" = ANY(${from}::text[]) RETURNING "id")
    INSERT INTO "SimulatedBankTry" ("id", "bankPaymentId", "method", "outcome", "createdAt")
    SELECT ${reference("simtry")}, "id", ${method}, ${outcome}, ${now} FROM declined RETURNING "id"`);
  return declined.length === 1;
}

/**
 * Pays part of a succeeded bank payment back. The same key answers the same refund; more than
 * what is left is refused, as a real rail refuses it. The simulated bank's refunds succeed at once.
 */
export async function refundBankPayment(input: {
  idempotencyKey: string;
  bankPaymentId: string;
  amountMinor: bigint;
}): Promise<{ id: string }> {
  return db.$transaction(async (tx) => {
    const known = await tx.simulatedBankRefund.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
    if (known) return { id: known.id };
    // The bank payment's row is locked while its refunds are summed: two refunds at once cannot
    // both fit in what is left.
    const [payment] = await tx.$queryRaw<{ amountMinor: bigint; state: string }[]>`
      SELECT "amountMinor", "state" FROM "SimulatedBankPayment" WHERE "id" = ${input.bankPaymentId} FOR UPDATE`;
    if (!payment || payment.state !== "succeeded")
      throw new Error(`The simulated bank cannot refund ${input.bankPaymentId}: it was not paid.`);
    const refunded = await tx.simulatedBankRefund.aggregate({
      where: { bankPaymentId: input.bankPaymentId },
      _sum: { amountMinor: true },
    });
    if ((refunded._sum.amountMinor ?? 0n) + input.amountMinor > payment.amountMinor)
      throw new Error(`The simulated bank refuses to refund more than ${input.bankPaymentId} paid.`);
    const refund = await tx.simulatedBankRefund.create({
      data: { id: reference("simrefund"), ...input },
    });
    return { id: refund.id };
  });
}

export function findBankRefund(id: string) {
  return db.simulatedBankRefund.findUnique({ where: { id } });
}
