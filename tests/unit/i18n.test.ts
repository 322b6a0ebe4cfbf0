// The Danish catalog against the English one. The type already makes da.ts have en.ts's shape;
// this checks what the type cannot: no Danish text is empty, none is English left untranslated,
// and a text built from values (a name, an amount) uses the same values in both languages.
import { describe, expect, it } from "vitest";
import { da } from "../../lib/i18n/da.ts";
import { en } from "../../lib/i18n/en.ts";

/** Every text of a catalog by its path; a function is called with placeholder values. */
function texts(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (typeof value === "function") {
    const args = Array.from({ length: value.length }, (_, i) => `«${i + 1}»`);
    return [[`${path}(…)`, String(value(...args))]];
  }
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, inner]) => texts(inner, path ? `${path}.${key}` : key));
  return [[path, String(value)]];
}

const english = new Map(texts(en));
const danish = new Map(texts(da));
const words = (text: string) => text.trim().split(/\s+/).length;

describe("the Danish catalog", () => {
  it("has exactly the texts the English one has", () => {
    expect([...danish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("has no empty text", () => {
    const empty = [...danish].filter(([, text]) => text.trim() === "").map(([path]) => path);
    expect(empty).toEqual([]);
  });

  it("has no English sentence copied in untranslated", () => {
    const copied = [...danish]
      .filter(([path, text]) => words(text) >= 3 && text === english.get(path))
      .map(([path]) => path);
    expect(copied).toEqual([]);
  });

  it("uses the same values as the English in every text built from them", () => {
    const placeholders = (text: string) => (text.match(/«\d+»/g) ?? []).sort();
    const different = [...english]
      .filter(([path, text]) => placeholders(text).join() !== placeholders(danish.get(path) ?? "").join())
      .map(([path]) => path);
    expect(different).toEqual([]);
  });
});
