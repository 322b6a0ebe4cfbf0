// The postal address a person signed in at an eID broker declares on the consent step
// (lib/users/postal-address.ts, decisions.md §11): each field refused with its own problem, a
// Danish address normalised, and the consent form asking for it only when the eID told none.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConsentStep } from "../../components/hosted/identity-steps.tsx";
import type { VerifiedIdentity } from "../../lib/identity/identity-provider.ts";
import { da } from "../../lib/i18n/da.ts";
import { en } from "../../lib/i18n/en.ts";
import { checkPostalAddress } from "../../lib/users/postal-address.ts";

describe("a declared postal address", () => {
  it("is normalised: spaces collapsed, the postal code's spaces removed", () => {
    expect(
      checkPostalAddress({ address: " Vestergade  12,\t2. tv ", postalCode: "8 000", city: " Aarhus   C " }),
    ).toEqual({ ok: true, address: { address: "Vestergade 12, 2. tv", postalCode: "8000", city: "Aarhus C" } });
  });

  it("names each missing field", () => {
    expect(checkPostalAddress({ address: " ", postalCode: "", city: "" })).toEqual({
      ok: false,
      problems: { address: "street_missing", postalCode: "postal_code_missing", city: "city_missing" },
    });
  });

  it.each([
    [{ address: "Vestergade" }, { address: "street_format" }],
    [{ address: "12" }, { address: "street_format" }],
    [{ address: "Vestergade 12\u0000" }, { address: "street_format" }],
    [{ address: `Vestergade 12 ${"x".repeat(90)}` }, { address: "street_too_long" }],
    [{ postalCode: "800" }, { postalCode: "postal_code_format" }],
    [{ postalCode: "80000" }, { postalCode: "postal_code_format" }],
    [{ postalCode: "DK-8000" }, { postalCode: "postal_code_format" }],
    [{ postalCode: "8ooo" }, { postalCode: "postal_code_format" }],
    [{ city: "8000 Aarhus C" }, { city: "city_format" }],
    [{ city: "--" }, { city: "city_format" }],
    [{ city: "A".repeat(51) }, { city: "city_too_long" }],
  ])("refuses %o with %o", (typed, problems) => {
    const address = { address: "Vestergade 12", postalCode: "8000", city: "Aarhus C", ...typed };
    expect(checkPostalAddress(address)).toEqual({ ok: false, problems });
  });

  it("has a text for every problem in both languages", () => {
    const problems = [
      "street_missing",
      "street_format",
      "street_too_long",
      "postal_code_missing",
      "postal_code_format",
      "city_missing",
      "city_format",
      "city_too_long",
    ];
    for (const problem of problems) {
      expect(en.errors[problem], `en ${problem}`).toBeTruthy();
      expect(da.errors[problem], `da ${problem}`).toBeTruthy();
    }
  });
});

describe("the consent step", () => {
  const identity: VerifiedIdentity = {
    subject: "s",
    name: "Mette Hansen",
    address: "Nørregade 12, 2. tv",
    city: "København K",
    postalCode: "1165",
    phoneNumber: null,
    nameAddressProtected: false,
    passportVerified: false,
  };
  const fromBroker = { ...identity, address: "", city: "", postalCode: "", addressToDeclare: true };
  const render = (person: VerifiedIdentity, addressErrors = {}, t = en) =>
    renderToStaticMarkup(
      createElement(ConsentStep, {
        t,
        marketplace: "Loppe",
        csrf: "c",
        base: "/connect/x",
        identity: person,
        level: 1,
        addressErrors,
      }),
    );

  it("asks for no address when the eID told it", () => {
    const html = render(identity);
    expect(html).not.toContain('name="address"');
    expect(html).not.toContain('name="postalCode"');
  });

  it("asks for the address in the consent form when the eID told none", () => {
    const html = render(fromBroker);
    const form = /<form[^>]*action="\/connect\/x\/consent"[^>]*>(.*?)<\/form>/s.exec(html)?.[1] ?? "";
    for (const field of ["address", "postalCode", "city"]) {
      expect(form).toContain(`name="${field}"`);
      expect(form).toContain(`for="${field}"`);
    }
    expect(form).toMatch(/autocomplete="postal-code"/i);
    expect(html).not.toContain('aria-invalid="true"');
  });

  it("marks each refused field with its problem, in the page's language", () => {
    const html = render(fromBroker, { postalCode: "postal_code_format" }, da);
    expect(html).toContain(da.errors.postal_code_format);
    expect(html).toContain(da.identity.addressProblems);
    expect(html).toMatch(
      /<input[^>]*id="postalCode"[^>]*aria-invalid="true"[^>]*aria-describedby="postalCode-problem"/,
    );
    expect(html).not.toMatch(/<input[^>]*id="city"[^>]*aria-invalid/);
    // A key that is not one of ours shows nothing.
    expect(render(fromBroker, { city: "<script>" })).not.toContain("&lt;script&gt;");
  });
});
