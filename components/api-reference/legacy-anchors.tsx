// Keeps the one-page reference's deep links working: /docs#getTrades, /docs#schema-Trade,
// /docs#errors and their parts (/docs#getTrades-parameters) forward to the page that now holds them.
// The index entry with that id (a link in a [data-entry]) names the page. An inline script placed after the index,
// so it runs as soon as the entries are parsed, before the page is hydrated; without scripts the
// anchor still lands on the entry, which is highlighted and links on.

const SCRIPT = `(function () {
  function forward() {
    var hash;
    try { hash = decodeURIComponent(location.hash.slice(1)); } catch (error) { return; }
    if (!hash) return;
    var entry = document.getElementById(hash), part = "";
    if (!entry) {
      document.querySelectorAll("[data-entry] > a[id]").forEach(function (candidate) {
        if (hash.indexOf(candidate.id + "-") === 0 && (!entry || candidate.id.length > entry.id.length)) entry = candidate;
      });
      part = "#" + encodeURIComponent(hash);
    }
    if (entry && entry.matches("[data-entry] > a")) location.replace(entry.getAttribute("href") + part);
  }
  forward();
  addEventListener("hashchange", forward);
})();`;

export function LegacyAnchors({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
