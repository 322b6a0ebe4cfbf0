// What a server-rendered page reads of its request (components/static-page.tsx makes it from the
// Pages Router's context): cookies, headers (the proxy's CSP nonce among them) and the query.
export type SearchParams = Record<string, string | string[] | undefined>;

export type PageRequest = {
  cookies: Partial<Record<string, string>>;
  headers: Record<string, string | string[] | undefined>;
  search: SearchParams;
};

/** The first value of a search parameter or header. */
export function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A request header's (first) value. */
export function header(request: Pick<PageRequest, "headers">, name: string): string | undefined {
  return firstValue(request.headers[name]);
}
