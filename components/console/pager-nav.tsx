// The pager under every console list: what the list holds and Previous/Next. Offset lists pass
// pageSummary(); the trades list (keyset paging) passes its own summary and cursors.
export function PagerNav({ summary, canPrevious, canNext, onPrevious, onNext }: { summary: string; canPrevious: boolean; canNext: boolean; onPrevious: () => void; onNext: () => void }) {
  const button = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 disabled:opacity-40";
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
      <p aria-live="polite">{summary}</p>
      <div className="flex gap-2">
        <button type="button" disabled={!canPrevious} onClick={onPrevious} className={button}>
          Previous
        </button>
        <button type="button" disabled={!canNext} onClick={onNext} className={button}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** "1,234 payouts · page 2 of 62", or a blank line while the list loads. */
export function pageSummary(totalCount: number | undefined, [one, many]: [string, string], page: number, pages: number): string {
  if (totalCount === undefined) return " ";
  return `${totalCount.toLocaleString("en-GB")} ${totalCount === 1 ? one : many} · page ${page} of ${pages.toLocaleString("en-GB")}`;
}
