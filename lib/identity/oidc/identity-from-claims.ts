// The person an ID token names, read from the claims the brokers agree on: `sub` (stable per
// person and client, pseudonymous), `name` (or `given_name` and `family_name`), `birthdate`. The
// MitID brokers return no postal address (address lookups are a separate CPR register service we
// do not use); an issuer that does send OpenID's standard `address` claim (the sandbox's eID) is
// believed, as are `phone_number` and `name_address_protected` (a claim of the sandbox's eID, for
// its test person with name and address protection). A CPR number is never read, even where a broker offers it,
// and a subject that looks like one is refused, so that one cannot be stored by mistake.
import type { OidcIdentity } from "./sign-in-result.ts";
import type { EidLevel } from "./eid-levels.ts";

type Claims = Record<string, unknown>;

const CPR_LIKE = /^\d{6}-?\d{4}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function text(claims: Claims, name: string): string | null {
  const value = claims[name];
  return typeof value === "string" && value.trim() ? value.trim() : null;
}

/** A real calendar date in YYYY-MM-DD (not 2001-02-30), or null. */
function validDate(value: string | null): string | null {
  if (!value || !DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

export type ClaimsReading = { ok: true; identity: OidcIdentity } | { ok: false; detail: string };

export function identityFromClaims(claims: Claims, level: EidLevel, levelClaim: string): ClaimsReading {
  const subject = text(claims, "sub");
  if (!subject) return { ok: false, detail: "The broker's ID token has no subject." };
  if (CPR_LIKE.test(subject)) {
    return {
      ok: false,
      detail: "The broker's subject has the shape of a CPR number; configure the client for a pseudonymous subject.",
    };
  }
  const used: Record<string, string> = { sub: subject };
  let name = text(claims, "name");
  if (name) used.name = name;
  else {
    const given = text(claims, "given_name");
    const family = text(claims, "family_name");
    if (!given || !family)
      return { ok: false, detail: "The broker's ID token has no name; ask for the profile scope." };
    used.given_name = given;
    used.family_name = family;
    name = `${given} ${family}`;
  }
  const birthdate = validDate(text(claims, "birthdate"));
  if (birthdate) used.birthdate = birthdate;
  const levelValue = claims[levelClaim];
  if (typeof levelValue === "string") used[levelClaim] = levelValue;
  const address = postalAddress(claims.address);
  if (address) used.address = `${address.street}, ${address.postalCode} ${address.city}`;
  const phoneNumber = text(claims, "phone_number");
  if (phoneNumber) used.phone_number = phoneNumber;
  const isProtected = claims.name_address_protected === true;
  if (isProtected) used.name_address_protected = "true";
  return {
    ok: true,
    identity: {
      subject,
      name,
      birthdate,
      level,
      ...(address && { address }),
      ...(phoneNumber && { phoneNumber }),
      ...(isProtected && { nameAddressProtected: true }),
      claims: used,
    },
  };
}

/** OpenID's address claim (street_address, postal_code, locality), when all three are there. */
function postalAddress(value: unknown): { street: string; postalCode: string; city: string } | null {
  if (!value || typeof value !== "object") return null;
  const claim = value as Claims;
  const street = text(claim, "street_address");
  const postalCode = text(claim, "postal_code");
  const city = text(claim, "locality");
  return street && postalCode && city ? { street, postalCode, city } : null;
}
