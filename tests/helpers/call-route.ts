// Calls a route handler the way Next does: a real Request and a params promise. No HTTP server,
// no mocks: the handler runs its whole pipeline against the test database.
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  path: string;
  params?: Record<string, string>;
  token?: string | null;
  body?: unknown;
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
  /** The Request's signal: aborting it is the client going away. */
  signal?: AbortSignal;
}

export interface CallResult {
  status: number;
  headers: Headers;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary response bodies
  /** A file's body (an export), with `json` null; absent for JSON answers. */
  text?: string;
  /** The body as it was sent, for checks of the exact bytes. */
  body: string;
}

/** JSON answers, and answers with no type (an empty 204); not files such as CSV or JSON lines. */
const isJson = (response: Response) =>
  /^application\/json\b/.test(response.headers.get("Content-Type") ?? "application/json");

export async function callRoute(handler: Handler, options: CallOptions): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  const request = new Request(`https://escrow.test${options.path}`, {
    method: options.method ?? "GET",
    headers,
    body: body as BodyInit | undefined,
    signal: options.signal,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  if (!isJson(response)) return { status: response.status, headers: response.headers, json: null, text, body: text };
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null, body: text };
}

/** Asserts the spec's error record shape and returns it. */
export function expectErrorRecord(result: CallResult, status: number, typeCode: string) {
  if (result.status !== status || result.json?.typeCode !== typeCode) {
    throw new Error(`Expected ${status} ${typeCode}, got ${result.status} ${JSON.stringify(result.json)}`);
  }
  const record = result.json;
  for (const field of ["title", "detail", "traceId", "typeCode"]) {
    if (typeof record[field] !== "string") throw new Error(`error record lacks ${field}: ${JSON.stringify(record)}`);
  }
  if (record.status !== status || !Array.isArray(record.errors))
    throw new Error(`bad error record: ${JSON.stringify(record)}`);
  return record as {
    title: string;
    detail: string;
    status: number;
    errors: { key: string; value: string }[];
    traceId: string;
    typeCode: string;
  };
}
