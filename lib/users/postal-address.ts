// A postal address the person declares themself, on the consent step, when the eID does not tell
// it (a broker: decisions.md §11). It goes on carriers' labels as it is, so it is held to what a
// Danish label needs: a street with a house number (every Danish address has one), a postal code
// of 4 digits and a town. Each field gets its own problem, so the page can say which to fix; the
// problems are i18n keys of the hosted pages' `errors`. Whether the address exists is not checked
// (no address register is consulted): it is marked self-declared instead.

export interface PostalAddress {
  /** Street and house number, with floor and side when the person gives them ("Vestergade 12, 2. tv"). */
  address: string;
  postalCode: string;
  city: string;
}

export type PostalAddressField = keyof PostalAddress;

export const POSTAL_ADDRESS_FIELDS: readonly PostalAddressField[] = ["address", "postalCode", "city"];

export const STREET_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 50;

export type PostalAddressCheck =
  { ok: true; address: PostalAddress } | { ok: false; problems: Partial<Record<PostalAddressField, string>> };

/** Spaces collapsed and trimmed; a control character makes the text unusable on a label. */
const tidy = (text: string) => text.replace(/\s+/g, " ").trim();
const hasControl = (text: string) => /\p{Cc}/u.test(text);

function streetProblem(street: string): string | null {
  if (!street) return "street_missing";
  if (street.length > STREET_MAX_LENGTH) return "street_too_long";
  if (hasControl(street) || !/\p{L}/u.test(street) || !/\d/.test(street)) return "street_format";
  return null;
}

function postalCodeProblem(postalCode: string): string | null {
  if (!postalCode) return "postal_code_missing";
  return /^\d{4}$/.test(postalCode) ? null : "postal_code_format";
}

function cityProblem(city: string): string | null {
  if (!city) return "city_missing";
  if (city.length > CITY_MAX_LENGTH) return "city_too_long";
  // A digit is usually the postal code typed into the town's field as well.
  if (hasControl(city) || !/\p{L}/u.test(city) || /\d/.test(city)) return "city_format";
  return null;
}

/** The address as typed, normalised (spaces; a postal code without its spaces), or each field's problem. */
export function checkPostalAddress(typed: Record<PostalAddressField, string>): PostalAddressCheck {
  const address = {
    address: tidy(typed.address),
    postalCode: typed.postalCode.replace(/\s+/g, ""),
    city: tidy(typed.city),
  };
  const problems: Partial<Record<PostalAddressField, string>> = {};
  const street = streetProblem(address.address);
  if (street) problems.address = street;
  const postalCode = postalCodeProblem(address.postalCode);
  if (postalCode) problems.postalCode = postalCode;
  const city = cityProblem(address.city);
  if (city) problems.city = city;
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, address };
}
