// A row source's columns: the one description of an export's shape. The CSV header, every CSV
// record, every JSON line and the documentation (docs/money.md, the OpenAPI descriptions) are
// made from the same list, so they cannot disagree.
import { decimalToString } from "../money/decimal.ts";

export type ColumnType = "text" | "amount" | "time" | "integer";

export interface Column<Row> {
  name: string;
  type: ColumnType;
  description: string;
  /** The value, or null for an empty cell (JSON null). */
  value: (row: Row) => string | bigint | number | Date | null;
}

export function column<Row>(
  name: string,
  type: ColumnType,
  description: string,
  value: Column<Row>["value"],
): Column<Row> {
  return { name, type, description, value };
}

/**
 * The value as exact text: amounts from integer minor units to a decimal with two digits (never a
 * binary float), times as UTC ISO 8601 with milliseconds.
 */
export function cellText(type: ColumnType, value: ReturnType<Column<unknown>["value"]>): string | null {
  if (value === null) return null;
  if (type === "amount") return decimalToString({ units: BigInt(value as bigint), scale: 2 });
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** One line per column, for the documentation: `name` (type): description. */
export function describeColumns(columns: readonly Column<never>[]): string {
  return columns.map((c) => `\`${c.name}\` (${c.type}): ${c.description}`).join("; ");
}
