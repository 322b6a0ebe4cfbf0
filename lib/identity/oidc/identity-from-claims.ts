// The person an ID token names, read from the claims the brokers agree on: `sub` (stable per
// person and client, pseudonymous), `name` (or `given_name` and `family_name`), `birthdate`. The
// postal address is not read: the MitID brokers do not return it (address lookups are a separate
// CPR register service we do not use). A CPR number is never read, even where a broker offers it,
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
  return { ok: true, identity: { subject, name, birthdate, level, claims: used } };
}
