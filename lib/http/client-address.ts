// The client's address, for per-client limits (hosted pages, console sign-in): the last
// X-Forwarded-For entry, which the reverse proxy in front of us appended. Earlier entries are
// whatever the client sent, so trusting the first would let a script pick a new address per
// request and never be limited. Without a proxy, Next.js fills the header from the socket. Behind
// more than one proxy, the first one should overwrite the header.
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined> | undefined): string {
  const get = (name: string): string | null => {
    if (headers instanceof Headers) return headers.get(name);
    const value = headers?.[name];
    return Array.isArray(value) ? value.join(",") : (value ?? null);
  };
  const last = get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return last || get("x-real-ip")?.trim() || "unknown";
}
