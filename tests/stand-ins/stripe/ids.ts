// Ids with Stripe's prefixes and shapes, so code that checks a prefix (or a length) sees what it
// would see from Stripe.
import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomBase62(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

export type IdPrefix =
  | "acct"
  | "ba"
  | "ch"
  | "cs_test"
  | "dp"
  | "du"
  | "evt"
  | "pi"
  | "person"
  | "pm"
  | "po"
  | "py"
  | "pyr"
  | "re"
  | "req"
  | "tr"
  | "trr"
  | "txn";

/** Stripe's ids are the prefix, an underscore and 24 base62 characters; Checkout's are longer. */
export function newId(prefix: IdPrefix): string {
  if (prefix === "cs_test") return `cs_test_a1${randomBase62(56)}`;
  if (prefix === "req") return `req_${randomBase62(14)}`;
  return `${prefix}_${randomBase62(24)}`;
}

/** The secret a PaymentIntent carries: its id, `_secret_`, 25 characters. */
export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomBase62(25)}`;
}

export function fingerprint(): string {
  return randomBase62(16);
}
