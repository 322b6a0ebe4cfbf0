// The pager under every console list: what the list holds, and a step back and forward. Client
// lists page with buttons that change the address (Pager, OffsetPager); the business users page,
// drawn on the server, pages with links (LinkPager).
import Link from "next/link";
import type { ReactNode } from "react";

const STEP = "rounded-lg border border-slate-300 bg-white px-3 py-1.5";

function PagesNav({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-700">
      {summary}
      <div className="flex gap-2">{children}</div>
    </nav>
  );
}

export interface PagerProps {
  summary: string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  /** The buttons' words: Previous / Next, or e.g. ← Newer / Older → for a log. */
  labels?: [string, string];
}

export function Pager({
  summary,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  labels = ["Previous", "Next"],
}: PagerProps) {
  return (
    <PagesNav summary={<p aria-live="polite">{summary}</p>}>
      <button type="button" disabled={!canPrevious} onClick={onPrevious} className={`${STEP} disabled:opacity-40`}>
        {labels[0]}
      </button>
      <button type="button" disabled={!canNext} onClick={onNext} className={`${STEP} disabled:opacity-40`}>
        {labels[1]}
      </button>
    </PagesNav>
  );
}

/** "1,234 payouts · page 2 of 62", or a blank line while the list loads. */
export function pageSummary(
  totalCount: number | undefined,
  [one, many]: [string, string],
  page: number,
  pages: number,
): string {
  if (totalCount === undefined) return " ";
  return `${totalCount.toLocaleString("en-GB")} ${totalCount === 1 ? one : many} · page ${page} of ${pages.toLocaleString("en-GB")}`;
}

export interface OffsetPagination {
  page: number;
  pageSize: number;
  totalCount: number;
}

/** The page shown and how many there are; page 1 of 1 until the first page arrives. */
export function pageNumbers(pagination: OffsetPagination | undefined): { page: number; pages: number } {
  if (!pagination) return { page: 1, pages: 1 };
  return { page: pagination.page, pages: Math.max(1, Math.ceil(pagination.totalCount / pagination.pageSize)) };
}

export interface OffsetPagerProps {
  pagination: OffsetPagination | undefined;
  /** What the list holds: ["payout", "payouts"]. */
  noun: [string, string];
  update: (changes: { page: string }) => void;
}

/** The pager of a list paged by number (`page` in the address). */
export function OffsetPager({ pagination, noun, update }: OffsetPagerProps) {
  const { page, pages } = pageNumbers(pagination);
  return (
    <Pager
      summary={pageSummary(pagination?.totalCount, noun, page, pages)}
      canPrevious={page > 1}
      canNext={page < pages}
      onPrevious={() => update({ page: String(page - 1) })}
      onNext={() => update({ page: String(page + 1) })}
    />
  );
}

/** A server-drawn list's pager: shown only when there is more than one page; a step is a link. */
export function LinkPager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <PagesNav
      summary={
        <p>
          Page {page} of {pages}
        </p>
      }
    >
      {page > 1 && (
        <Link href={href(page - 1)} className={STEP}>
          Previous
        </Link>
      )}
      {page < pages && (
        <Link href={href(page + 1)} className={STEP}>
          Next
        </Link>
      )}
    </PagesNav>
  );
}
