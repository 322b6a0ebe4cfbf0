// SIMULATED national eID's people: a handful of fixed test people covering each KYC case, and
// first, a test person of the account's own. The sandbox's OpenID provider (lib/identity/
// sandbox-eid) signs them in, the one a tester picked on the hosted page (its login_hint); the
// sandbox API's connect uses them directly. No real sign-in happens.
import { createHash } from "node:crypto";
import type { SignInFor, SignInResult, TestIdentity, VerifiedIdentity } from "./identity-provider.ts";

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

// The person preselected on a sign-in page is the account's own, derived from its marketplace
// user id: every account connects as a different person unless the tester picks one of the fixed
// people above, so a newcomer's first buyer and seller are not one person buying from themself
// (which the trade engine refuses). The same account always gets the same person.
const FIRST_NAMES = ["Freja", "Lars", "Ida", "Mikkel", "Emma", "Oliver", "Clara", "Noah", "Karen", "Peter"];
const LAST_NAMES = ["Nielsen", "Jensen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen", "Rasmussen"];
const TOWNS = [
  { city: "København Ø", postalCode: "2100" },
  { city: "Odense C", postalCode: "5000" },
  { city: "Aalborg", postalCode: "9000" },
  { city: "Esbjerg", postalCode: "6700" },
  { city: "Roskilde", postalCode: "4000" },
];
const OWN_ID = /^own(-passport)?:([0-9a-f]{16})$/;

function ownPerson(key: string, passport: boolean): VerifiedIdentity {
  const number = (from: number) => parseInt(key.slice(from, from + 4), 16);
  const name = `${FIRST_NAMES[number(0) % FIRST_NAMES.length]} ${LAST_NAMES[number(4) % LAST_NAMES.length]}`;
  const town = TOWNS[number(8) % TOWNS.length]!;
  return {
    subject: `sim-eid-own-${key}`,
    name,
    address: `Testvej ${(number(12) % 98) + 1}`,
    ...town,
    phoneNumber: `+452${String(parseInt(key.slice(0, 8), 16) % 10_000_000).padStart(7, "0")}`,
    nameAddressProtected: false,
    passportVerified: passport,
  };
}

function ownTestIdentity(account: SignInFor): TestIdentity {
  const key = createHash("sha256").update(account.seed).digest("hex").slice(0, 16);
  const kind = account.passport ? "own-passport" : "own";
  return { id: `${kind}:${key}`, label: ownPerson(key, account.passport).name, detailKey: kind };
}

/** The test person with this id; null for one whose sign-in fails, or an id that names nobody. */
export function simulatedPerson(identityId: string): VerifiedIdentity | null {
  const own = OWN_ID.exec(identityId);
  if (own) return ownPerson(own[2]!, own[1] !== undefined);
  return (Object.hasOwn(PEOPLE, identityId) ? PEOPLE[identityId]?.identity : null) ?? null;
}

export const simulatedIdentityProvider = {
  name: "simulated-eid",
  /** The people a tester can pick on the sign-in page; the first is the one preselected. */
  testIdentities(account: SignInFor): TestIdentity[] {
    const fixed = Object.entries(PEOPLE).map(([id, person]) => ({ id, label: person.label, detailKey: id }));
    return [ownTestIdentity(account), ...fixed];
  },
  /** The person at once, without the protocol: the sandbox API's connect and tests. */
  async signIn(identityId: string): Promise<SignInResult> {
    const identity = simulatedPerson(identityId);
    return identity ? { ok: true, identity } : { ok: false, reason: "sign_in_failed" };
  },
};
