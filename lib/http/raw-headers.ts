// Reading an API call's few headers from Node's `rawHeaders`. IncomingMessage.headers is built on
// its first read, one call per header line into a new object; the production server hands the raw
// lines to the route beside the web Request (request-headers.ts), so for an API call it never
// builds it (docs/performance.md, "Issue 37, fifth day"). Next's pages still read request.headers.

/**
 * The header as `request.headers` gives it: repeated lines joined with ", " (as Node joins
 * X-Forwarded-For), or only the first (as Node keeps the first Host or Content-Length).
 */
export function rawHeader(raw: string[], name: string, repeated: "join" | "first"): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    if (value === undefined) value = raw[i + 1]!;
    else if (repeated === "join") value = `${value}, ${raw[i + 1]!}`;
    else break;
  }
  return value;
}
