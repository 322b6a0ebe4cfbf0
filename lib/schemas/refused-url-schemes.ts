// Schemes a tenant may never use for an app return (an app-switch callback, a registered app
// scheme in the console or the CLI): they run code, read local data, belong to the browser, or
// are ours to build (intent:). One list, so that what the API refuses the console refuses too.
// Any other scheme is an app's own (yourapp://); http and https are checked as addresses.
export const REFUSED_APP_SCHEMES: ReadonlySet<string> = new Set([
  "javascript",
  "vbscript",
  "data",
  "file",
  "blob",
  "about",
  "filesystem",
  "view-source",
  "chrome",
  "chrome-extension",
  "moz-extension",
  "safari-extension",
  "edge",
  "opera",
  "resource",
  "jar",
  "intent",
  "android-app",
  "content",
  "ws",
  "wss",
  "ftp",
  "mailto",
  "tel",
  "sms",
]);

export function isRefusedAppScheme(scheme: string): boolean {
  return REFUSED_APP_SCHEMES.has(scheme.toLowerCase());
}
