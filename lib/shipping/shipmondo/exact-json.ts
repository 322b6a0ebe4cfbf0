// Shipmondo sends quote prices as JSON numbers (CreateQuoteResponse.price: `"type": "number"`,
// e.g. 42.5). JSON.parse would turn them into binary floating point, and money never goes there
// (docs/contributing.md, Money). Since Node 21, JSON.parse hands a reviver each primitive's source
// text (the TC39 "JSON.parse source text access" proposal), so a number can be kept as the exact
// decimal it was sent as; nothing else about the parse changes.

/** The reviver's third argument; TypeScript's lib does not declare it yet. */
interface ReviverContext {
  source?: string;
}
type SourceReviver = (this: unknown, key: string, value: unknown, context?: ReviverContext) => unknown;

/**
 * Parses JSON, turning every number under one of `decimalKeys` into its decimal text exactly as sent
 * ("42.50" stays "42.50"). Throws a SyntaxError on text that is not JSON.
 */
export function parseJsonWithDecimals(text: string, decimalKeys: ReadonlySet<string>): unknown {
  const reviver: SourceReviver = (key, value, context) => {
    if (typeof value !== "number" || !decimalKeys.has(key)) return value;
    if (typeof context?.source !== "string") throw new SyntaxError("this runtime cannot read a number's source text");
    return context.source;
  };
  return JSON.parse(text, reviver as (this: unknown, key: string, value: unknown) => unknown);
}
