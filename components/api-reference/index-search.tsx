// Search over the /docs index: hides the entries that do not match the words typed (summary, path,
// method, operation id, group) and the groups left empty. It reads the server-rendered index
// rather than a copy of it, so the page carries the index once; Enter opens the first match.
// A few lines of plain script with the request's CSP nonce, placed after the form: the page sends
// no framework (pages/docs/index.tsx), and without scripts the index is all there, unfiltered.

const SCRIPT = (indexId: string) => `(function () {
  var form = document.currentScript.previousElementSibling;
  var input = form.querySelector("input"), status = form.querySelector("[aria-live]");
  var texts = new WeakMap();
  function entryText(entry, group) {
    var link = entry.querySelector("a");
    return (entry.textContent + " " + (link ? link.id : "") + " " + group).toLowerCase();
  }
  function search() {
    var index = document.getElementById(${JSON.stringify(indexId)});
    if (!index) return;
    var query = input.value, count = 0;
    var words = query.toLowerCase().split(/\\s+/).filter(function (word) { return word !== ""; });
    index.querySelectorAll("[data-group]").forEach(function (group) {
      var heading = group.querySelector("h2"), title = heading ? heading.textContent : "", shown = 0;
      group.querySelectorAll("[data-entry]").forEach(function (entry) {
        var text = texts.get(entry);
        if (text === undefined) texts.set(entry, (text = entryText(entry, title)));
        var match = words.every(function (word) { return text.indexOf(word) !== -1; });
        entry.hidden = !match;
        if (match) shown += 1;
      });
      group.hidden = shown === 0;
      count += shown;
    });
    status.textContent = words.length === 0 ? "" : count === 0
      ? "Nothing matches \\u201c" + query.trim() + "\\u201d."
      : count + " " + (count === 1 ? "match" : "matches") + "; Enter opens the first.";
  }
  input.addEventListener("input", search);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var index = document.getElementById(${JSON.stringify(indexId)});
    var first = index && index.querySelector("[data-entry]:not([hidden]) a");
    if (first && input.value.trim() !== "") location.assign(first.href);
  });
  if (input.value) search();
})();`;

export function IndexSearch({ indexId, nonce }: { indexId: string; nonce?: string }) {
  return (
    <>
      <form role="search" className="space-y-2">
        <label htmlFor="reference-search" className="block text-sm font-semibold text-slate-900">
          Search the reference
        </label>
        <input
          id="reference-search"
          type="search"
          placeholder="Operation, path, event or schema"
          autoComplete="off"
          aria-controls={indexId}
          className={
            "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base " +
            "text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 " +
            "focus:outline-brand-500"
          }
        />
        <p aria-live="polite" className="min-h-5 text-sm text-slate-600" />
      </form>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT(indexId) }} />
    </>
  );
}
