// Amounts as people type them into a form ("20", "20,50", "1.200,50" in Danish; "1,200.50" in
// English), read exactly into minor units. A typed amount is never rounded: a third decimal, a
// sign or stray characters make it unreadable, so the person sees what they typed refused rather
// than a different amount used.
import type { Locale } from "../locale.ts";

const MINOR_DIGITS = 2;
const MAX_WHOLE_DIGITS = 12;

/** Minor units of the typed amount, or null when it is not an amount as the locale writes one. */
export function minorUnitsFromText(text: string, locale: Locale): bigint | null {
  let compact = text
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/(kr\.?|dkk)$/i, "")
    .replace(/^(kr\.?|dkk)/i, "");
  if (!/^[\d.,]+$/.test(compact)) return null;
  const decimal = locale === "da" ? "," : ".";
  const grouping = locale === "da" ? "." : ",";
  // Many people type a point (or a comma) for decimals whatever their language: one grouping mark
  // followed by one or two digits can only be a decimal mark.
  if (!compact.includes(decimal) && new RegExp(`^\\d+\\${grouping}\\d{1,2}$`).test(compact))
    compact = compact.replace(grouping, decimal);
  const [whole = "", fraction, extra] = compact.split(decimal);
  if (extra !== undefined || whole === "") return null;
  const groups = whole.split(grouping);
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
    return null;
  const digits = groups.join("");
  if (!/^\d+$/.test(digits) || digits.replace(/^0+(?=\d)/, "").length > MAX_WHOLE_DIGITS) return null;
  if (fraction !== undefined && !new RegExp(`^\\d{1,${MINOR_DIGITS}}$`).test(fraction)) return null;
  return BigInt(digits) * 10n ** BigInt(MINOR_DIGITS) + BigInt((fraction ?? "").padEnd(MINOR_DIGITS, "0"));
}

/** The amount as a form field carries it between pages: plain decimal text, the same in every locale. */
export function amountFieldText(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(MINOR_DIGITS, "0")}`;
}
