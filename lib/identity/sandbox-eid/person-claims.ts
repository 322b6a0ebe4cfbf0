// A test person as the sandbox's eID tells them in its ID token: the claims a MitID broker sends
// (sub, name, given_name, family_name, acr), and what a broker does not but the sandbox's people
// have: OpenID's standard `address` and `phone_number`, and `name_address_protected` for the test
// person with name and address protection. The level reached is high for a person who went
// through passport verification (MitID reaches high with an identity document checked), else
// substantial: asked for KYC level 2, the others do not reach it.
import type { VerifiedIdentity } from "../identity-provider.ts";
import { mitIdAcrValue, type EidLevel } from "../oidc/eid-levels.ts";

export const levelReachedBy = (person: VerifiedIdentity): EidLevel =>
  person.passportVerified ? "high" : "substantial";

export function personClaims(person: VerifiedIdentity): Record<string, unknown> {
  const space = person.name.indexOf(" ");
  return {
    sub: person.subject,
    acr: mitIdAcrValue(levelReachedBy(person)),
    name: person.name,
    given_name: space > 0 ? person.name.slice(0, space) : person.name,
    family_name: space > 0 ? person.name.slice(space + 1) : person.name,
    ...(person.address && {
      address: {
        street_address: person.address,
        postal_code: person.postalCode,
        locality: person.city,
        country: "DK",
      },
    }),
    ...(person.phoneNumber && { phone_number: person.phoneNumber }),
    ...(person.nameAddressProtected && { name_address_protected: true }),
  };
}
