// The driver's statements (lib/db/sql.ts: statement(), Sql) run inside a Prisma interactive
// transaction, for the use cases whose other writes are Prisma's (the console, the scheduler,
// payouts, the hosted flows): one pipeline of trade transitions (lib/trades/transition-trade.ts)
// whichever way its caller holds the transaction. Prisma's raw queries give the columns the same
// types as the driver's parsers (int8 → BigInt, numeric → Decimal, timestamp → Date, json parsed).
import type { Prisma } from "./generated/client.ts";
import type { Sql } from "./sql.ts";

export function prismaSql(tx: Prisma.TransactionClient): Sql {
  // The text is a constant of the calling module with $n placeholders, the values bound parameters.
  return (query) => tx.$queryRawUnsafe(query.text, ...query.values);
}
