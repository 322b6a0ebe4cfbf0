// What a finished eID sign-in tells the caller: the person, or why not. The reasons are the ones a
// page treats differently (the person cancelled, reached too low a level, came back with another
// browser's answer, or came back twice); everything else is `failed`. A `detail` says what happened
// in a sentence fit for a log: it never holds a secret, a token, a code or a claim value.
import type { EidLevel } from "./eid-levels.ts";

export interface OidcIdentity {
  /** The broker's stable pseudonymous subject (`sub`); never a CPR number. */
  subject: string;
  name: string;
  /** YYYY-MM-DD, or null when the broker did not send it. */
  birthdate: string | null;
  level: EidLevel;
  /**
   * The postal address, when the issuer sends OpenID's `address` claim (the sandbox's eID does; the
   * MitID brokers do not, and the person then declares it).
   */
  address?: { street: string; postalCode: string; city: string };
  /** `phone_number`, when sent. */
  phoneNumber?: string;
  /** Name and address protection, when the issuer tells it (`name_address_protected`: the sandbox's eID). */
  nameAddressProtected?: boolean;
  /** The claims this identity was read from, by name, and nothing else of the ID token. */
  claims: Record<string, string>;
}

export type OidcSignInFailure = "cancelled" | "level_not_met" | "state_mismatch" | "replayed" | "failed";

export type OidcSignInResult =
  { ok: true; identity: OidcIdentity } | { ok: false; reason: OidcSignInFailure; detail: string };

export function signInFailure(reason: OidcSignInFailure, detail: string): OidcSignInResult {
  return { ok: false, reason, detail };
}
