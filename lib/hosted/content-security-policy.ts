// The Content-Security-Policy of every page: scripts and styles only from this origin or carrying
// the per-request nonce (Next puts it on its own scripts), so no injected inline script runs.
//
// No form-action: Chrome applies it to the redirect that follows a form post, and hosted forms end
// in a redirect to the tenant's successUrl/cancelUrl or into the tenant's app, which may be any
// registered origin or app scheme. The forms themselves only ever post to this origin.
// Images: tenants' item images are on their own https hosts (and on loopback in the sandbox).
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Next's development overlay sets inline styles; a nonce would make browsers ignore
    // 'unsafe-inline', so development allows inline styles instead. Production stays strict.
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' https: data: http://localhost:* http://127.0.0.1:*",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}
