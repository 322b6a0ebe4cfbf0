"use client";
// Search over the /docs index: hides the entries that do not match the words typed (summary, path,
// method, operation id, group) and the groups left empty. It reads the server-rendered index
// rather than a copy of it, so the page carries the index once; Enter opens the first match.
import { useRef, useState, type FormEvent } from "react";

function entryText(entry: HTMLElement, group: string): string {
  const link = entry.querySelector("a");
  return `${entry.textContent ?? ""} ${link?.id ?? ""} ${group}`.toLowerCase();
}

export function IndexSearch({ indexId }: { indexId: string }) {
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState<number | null>(null);
  const texts = useRef(new WeakMap<HTMLElement, string>());

  function search(value: string) {
    setQuery(value);
    const index = document.getElementById(indexId);
    if (!index) return;
    const words = value
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word !== "");
    let count = 0;
    for (const group of index.querySelectorAll<HTMLElement>("[data-group]")) {
      const title = group.querySelector("h2")?.textContent ?? "";
      let shown = 0;
      for (const entry of group.querySelectorAll<HTMLElement>("[data-entry]")) {
        let text = texts.current.get(entry);
        if (text === undefined) {
          text = entryText(entry, title);
          texts.current.set(entry, text);
        }
        const match = words.every((word) => text.includes(word));
        entry.hidden = !match;
        if (match) shown += 1;
      }
      group.hidden = shown === 0;
      count += shown;
    }
    setMatches(words.length > 0 ? count : null);
  }

  function openFirst(event: FormEvent) {
    event.preventDefault();
    const first = document.getElementById(indexId)?.querySelector<HTMLAnchorElement>("[data-entry]:not([hidden]) a");
    if (first && query.trim() !== "") window.location.assign(first.href);
  }

  return (
    <form role="search" onSubmit={openFirst} className="space-y-2">
      <label htmlFor="reference-search" className="block text-sm font-semibold text-slate-900">
        Search the reference
      </label>
      <input
        id="reference-search"
        type="search"
        value={query}
        onChange={(event) => search(event.target.value)}
        placeholder="Operation, path, event or schema"
        autoComplete="off"
        aria-controls={indexId}
        className={
          "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base " +
          "text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-2 " +
          "focus:outline-brand-500"
        }
      />
      <p aria-live="polite" className="min-h-5 text-sm text-slate-600">
        {matches === null
          ? ""
          : matches === 0
            ? `Nothing matches “${query.trim()}”.`
            : `${matches} ${matches === 1 ? "match" : "matches"}; Enter opens the first.`}
      </p>
    </form>
  );
}
