// One request of the API fuzzer (tests/helpers/fuzz-runner.ts): what it sends, what kind of case
// it is, and what answer it must get. Deeply nested values travel as markers and are spliced into
// the JSON text when sent: building and stringifying them as objects would overflow the test's own
// stack first.
import fc from "fast-check";

export interface Case {
  kind: "valid" | "broken" | "hostile";
  label: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  token?: string | null;
  body?: unknown;
  rawBody?: string | Uint8Array;
  /** The exact answer this case must get. */
  expect?: { status: number; typeCode: string };
  /** A validation error of this case must name this field. */
  names?: string;
}

const DEEP = 5_000;
const DEEP_ARRAY = "\u0001deep-array\u0001";
export const DEEP_OBJECT = "\u0001deep-object\u0001";
const deepText: Record<string, string> = {
  [JSON.stringify(DEEP_ARRAY)]: "[".repeat(DEEP) + "]".repeat(DEEP),
  [JSON.stringify(DEEP_OBJECT)]: `${'{"a":'.repeat(DEEP)}1${"}".repeat(DEEP)}`,
};
export const deepArray = () => DEEP_ARRAY;
export const labelled = (c: Case): Case => Object.assign(c, { [fc.toStringMethod]: () => `${c.kind}: ${c.label}` });

/** The JSON text of a body, with each deep marker replaced by its deeply nested value. */
export function bodyText(body: unknown): string {
  let text = JSON.stringify(body);
  for (const [marker, deep] of Object.entries(deepText)) text = text.replaceAll(marker, deep);
  return text;
}
