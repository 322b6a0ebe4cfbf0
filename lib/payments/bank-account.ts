// Payout account numbers: an IBAN (its country's length and the mod-97 checksum) or a Danish
// registration number (4 digits, not 0000) and account number (up to 10 digits).

import { createHash } from "node:crypto";

export type BankAccountProblem = "empty" | "iban_length" | "iban_checksum" | "format";

export type BankAccountCheck =
  { ok: true; normalized: string; kind: "iban" | "dk" } | { ok: false; problem: BankAccountProblem; message: string };

// IBAN lengths of the countries our tenants' users bank in most (ISO 13616 registry); other
// countries are held to the general 15..34.
const IBAN_LENGTHS: Record<string, number> = {
  DK: 18,
  FO: 18,
  GL: 18,
  SE: 24,
  NO: 15,
  FI: 18,
  IS: 26,
  DE: 22,
  NL: 18,
  BE: 16,
  FR: 27,
  GB: 22,
  IE: 22,
  ES: 24,
  IT: 27,
  PL: 28,
  AT: 20,
  CH: 21,
  LU: 20,
  EE: 20,
  LV: 21,
  LT: 20,
};

const MESSAGES: Record<BankAccountProblem, string> = {
  empty: "Enter the account number.",
  iban_length: "This IBAN has the wrong number of characters for its country.",
  iban_checksum: "This IBAN's check digits do not match: check for a typo.",
  format: "Enter an IBAN, or a Danish registration number (4 digits) followed by the account number.",
};

const fail = (problem: BankAccountProblem): BankAccountCheck => ({ ok: false, problem, message: MESSAGES[problem] });

export function checkBankAccount(input: string): BankAccountCheck {
  const compact = input.replace(/[\s.-]/g, "").toUpperCase();
  if (!compact) return fail("empty");
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) {
    const expected = IBAN_LENGTHS[compact.slice(0, 2)];
    if (expected !== undefined ? compact.length !== expected : compact.length < 15 || compact.length > 34)
      return fail("iban_length");
    return ibanChecksumOk(compact) ? { ok: true, normalized: compact, kind: "iban" } : fail("iban_checksum");
  }
  const danish = /^(\d{4})(\d{1,10})$/.exec(compact);
  if (danish && danish[1] !== "0000" && /[1-9]/.test(danish[2]!))
    return { ok: true, normalized: `${danish[1]} ${danish[2]!.padStart(10, "0")}`, kind: "dk" };
  return fail("format");
}

/** The last four digits, the only part of an account number a page shows. */
export function lastDigits(normalized: string): string {
  return normalized.replace(/\s/g, "").slice(-4);
}

function ibanChecksumOk(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/**
 * A short, stable digest of a bank account and its currency: what a rail's payee record keeps to
 * notice that the payee chose another (the number itself is not kept there).
 */
export const bankKeyOf = (accountNumber: string, currency: string) =>
  createHash("sha256")
    .update(`${accountNumber.replace(/\s/g, "")}|${currency.toUpperCase()}`)
    .digest("hex")
    .slice(0, 32);
