// Payout account numbers: an IBAN (checked with its mod-97 checksum) or a Danish registration
// number (4 digits) and account number (up to 10 digits).

export type BankAccountCheck = { ok: true; normalized: string; kind: "iban" | "dk" } | { ok: false; message: string };

export function checkBankAccount(input: string): BankAccountCheck {
  const compact = input.replace(/[\s-]/g, "").toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) {
    return ibanChecksumOk(compact) ? { ok: true, normalized: compact, kind: "iban" } : { ok: false, message: "This IBAN's check digits do not match: check for a typo." };
  }
  const danish = /^(\d{4})(\d{1,10})$/.exec(compact);
  if (danish) return { ok: true, normalized: `${danish[1]} ${danish[2]!.padStart(10, "0")}`, kind: "dk" };
  return { ok: false, message: "Enter an IBAN, or a Danish registration number (4 digits) followed by the account number." };
}

function ibanChecksumOk(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}
