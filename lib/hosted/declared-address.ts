// The postal address a person types on the consent step (connect page, a new payer's checkout)
// when their eID tells none (a broker, decisions.md §11): read from the consent form and checked
// before anyone is connected, and each refused field's problem read back by the page. A refusal
// connects nobody and leaves the session open, so the person corrects the address and consents again.
import type { VerifiedIdentity } from "../identity/identity-provider.ts";
import {
  checkPostalAddress,
  POSTAL_ADDRESS_FIELDS,
  type PostalAddress,
  type PostalAddressField,
} from "../users/postal-address.ts";
import { fieldErrorParam, type BackOutcome } from "./hosted-outcome.ts";

export type DeclaredAddress = { ok: true; address: PostalAddress | undefined } | { ok: false; refused: BackOutcome };

/** The address the consent form carries when the person's eID told none; nothing is read otherwise. */
export function declaredAddress(identity: VerifiedIdentity, form: FormData): DeclaredAddress {
  if (!identity.addressToDeclare) return { ok: true, address: undefined };
  const typed = (name: PostalAddressField) => String(form.get(name) ?? "");
  const checked = checkPostalAddress({
    address: typed("address"),
    postalCode: typed("postalCode"),
    city: typed("city"),
  });
  return checked.ok
    ? { ok: true, address: checked.address }
    : { ok: false, refused: { back: true, fieldErrors: checked.problems } };
}

/** Each refused field's problem (an i18n key of `errors`) as the consent post sent the page back with it. */
export function declaredAddressErrors(
  search: Record<string, string | string[] | undefined>,
): Partial<Record<PostalAddressField, string>> {
  const errors: Partial<Record<PostalAddressField, string>> = {};
  for (const field of POSTAL_ADDRESS_FIELDS) {
    const value = search[fieldErrorParam(field)];
    const problem = Array.isArray(value) ? value[0] : value;
    if (problem) errors[field] = problem;
  }
  return errors;
}
