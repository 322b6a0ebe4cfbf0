// A tenant's balance in one mode, per currency: the sum of its postings to each balance account
// (ledger-to-balance.ts), over the transfers written at or before `at` (all of them without `at`: a
// sandbox clock can date test-mode transfers after the real now). One grouped query.
import { db } from "../db/client.ts";
import { Prisma } from "../db/generated/client.ts";
import type { ApiMode } from "../db/generated/enums.ts";
import type { LedgerAccount } from "../money/ledger.ts";
import { BALANCE_ACCOUNTS, BALANCE_FIELDS, FIELD_OF_ACCOUNT, type BalanceField } from "./ledger-to-balance.ts";

// The columns are UTC timestamps without a zone: compare with UTC text, never a session zone.
export const utcTimestamp = (date: Date) =>
  Prisma.sql`${date.toISOString().replace("T", " ").replace("Z", "")}::timestamp`;

export type BalanceMinor = Record<BalanceField, bigint>;

export const zeroBalance = (): BalanceMinor =>
  Object.fromEntries(BALANCE_FIELDS.map((field) => [field, 0n])) as BalanceMinor;

/** Per currency, sorted by currency code; the tenant's own currency is always there (zeros at first). */
export async function balanceAt(
  scope: { tenantId: string; mode: ApiMode; currency: string },
  at?: Date,
): Promise<Map<string, BalanceMinor>> {
  // Sums travel as text: exact at any size.
  const rows = await db.$queryRaw<{ currency: string; account: string; sum: string }[]>`
    SELECT t."currency", p."account", sum(p."amountMinor")::text AS "sum"
    FROM "LedgerTransfer" t JOIN "LedgerPosting" p ON p."transferId" = t."id"
    WHERE t."tenantId" = ${scope.tenantId} AND t."mode" = ${scope.mode}::"ApiMode"
      ${at ? Prisma.sql`AND t."createdAt" <= ${utcTimestamp(at)}` : Prisma.empty}
      AND p."tenantId" = ${scope.tenantId} AND p."account" = ANY(${BALANCE_ACCOUNTS}::text[])
    GROUP BY t."currency", p."account"`;
  const balances = new Map<string, BalanceMinor>([[scope.currency, zeroBalance()]]);
  for (const row of rows) {
    const balance = balances.get(row.currency) ?? zeroBalance();
    balance[FIELD_OF_ACCOUNT[row.account as LedgerAccount]!] += BigInt(row.sum);
    balances.set(row.currency, balance);
  }
  return new Map([...balances].sort(([a], [b]) => a.localeCompare(b)));
}

/** The whole balance: what the service holds for the tenant, every field together. */
export const totalOf = (balance: BalanceMinor) => BALANCE_FIELDS.reduce((sum, field) => sum + balance[field], 0n);
