// Amounts for display on hosted pages (the exact value stays BigInt minor units everywhere else).
import { numberFromMinorUnits } from "@/lib/money/decimal.ts";

export function formatMoney(minor: bigint, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(numberFromMinorUnits(minor));
}
