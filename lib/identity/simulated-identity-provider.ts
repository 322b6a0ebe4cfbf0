// SIMULATED national eID: a handful of fixed test people covering each KYC case. No real sign-in
// happens; used by the sandbox and the hosted connect page until a real provider is plugged in.
import type { IdentityProvider, SignInResult, TestIdentity, VerifiedIdentity } from "./identity-provider.ts";

const PEOPLE: Record<string, { label: string; identity: VerifiedIdentity | null }> = {
  plain: {
    label: "Mette Hansen",
    identity: {
      subject: "sim-eid-plain",
      name: "Mette Hansen",
      address: "Nørregade 12, 2. tv",
      city: "København K",
      postalCode: "1165",
      phoneNumber: "+4520123456",
      nameAddressProtected: false,
      passportVerified: false,
    },
  },
  protected: {
    label: "Anders Holm",
    identity: {
      subject: "sim-eid-protected",
      name: "Anders Holm",
      address: "",
      city: "",
      postalCode: "",
      phoneNumber: null,
      nameAddressProtected: true,
      passportVerified: false,
    },
  },
  passport: {
    label: "Sofie Lund",
    identity: {
      subject: "sim-eid-passport",
      name: "Sofie Lund",
      address: "Vestergade 3",
      city: "Aarhus C",
      postalCode: "8000",
      phoneNumber: "+4540998877",
      nameAddressProtected: false,
      passportVerified: true,
    },
  },
  "protected-passport": {
    label: "Jonas Berg",
    identity: {
      subject: "sim-eid-protected-passport",
      name: "Jonas Berg",
      address: "",
      city: "",
      postalCode: "",
      phoneNumber: "+4531112233",
      nameAddressProtected: true,
      passportVerified: true,
    },
  },
  failing: {
    label: "Sign-in fails",
    identity: null,
  },
};

export const simulatedIdentityProvider: IdentityProvider = {
  name: "simulated-eid",
  testIdentities(): TestIdentity[] {
    return Object.entries(PEOPLE).map(([id, person]) => ({ id, label: person.label }));
  },
  async signIn(identityId: string): Promise<SignInResult> {
    const person = PEOPLE[identityId];
    if (!person) return { ok: false, reason: "sign_in_failed" };
    return person.identity ? { ok: true, identity: person.identity } : { ok: false, reason: "sign_in_failed" };
  },
};
