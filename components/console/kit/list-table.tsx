// The table of a console list (cards on a narrow screen: each cell names its column in data-label,
// app/globals.css), with the states every list has: loading (before the first page),
// empty (the page came back with no rows: what to try, or why there is nothing yet) and failed
// (an alert under the table). While the next page loads the current one stays, dimmed.
import type { ReactNode, ThHTMLAttributes } from "react";

export interface ListEmpty {
  title: string;
  /** What to try, or how rows appear; without one the title is a plain line. */
  hint?: string;
}

export interface TableStatesProps {
  /** Columns, for the state rows to span. */
  columns: number;
  /** How many rows the page has; undefined while the first page loads. */
  rows: number | undefined;
  isError: boolean;
  loading: string;
  empty: ListEmpty;
}

/** The loading and empty rows of a list's body (the error shows under the table: ListTable). */
export function TableStates({ columns, rows, isError, loading, empty }: TableStatesProps) {
  if (rows === undefined && !isError) return <StateRow columns={columns}>{loading}</StateRow>;
  if (rows !== 0) return null;
  if (!empty.hint) return <StateRow columns={columns}>{empty.title}</StateRow>;
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-12 text-center">
        <p className="font-medium text-slate-900">{empty.title}</p>
        <p className="mt-1 text-slate-600">{empty.hint}</p>
      </td>
    </tr>
  );
}

function StateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-4 py-10 text-center text-slate-600">
        {children}
      </td>
    </tr>
  );
}

/** A column heading of a list. */
export function Th({
  children,
  right = false,
  ...rest
}: { children: ReactNode; right?: boolean } & ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={`px-4 py-2.5 font-semibold${right ? " text-right" : ""}`} {...rest}>
      {children}
    </th>
  );
}

export interface ListTableProps extends TableStatesProps {
  caption: string;
  /** The table's width and layout, e.g. "min-w-[48rem]". */
  tableClassName: string;
  /** The heading cells (Th). */
  head: ReactNode;
  /** The alert when the page could not be loaded, e.g. "The trades could not be loaded. Try again." */
  failed: string;
  isFetching: boolean;
  colgroup?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function ListTable({
  caption,
  tableClassName,
  head,
  failed,
  isFetching,
  colgroup,
  className = "mt-5",
  children,
  ...states
}: ListTableProps) {
  return (
    <>
      <div className={`card-table relative ${className} overflow-x-auto rounded-xl border border-slate-200 bg-white`}>
        <table className={`w-full ${tableClassName} text-left text-sm`}>
          <caption className="sr-only">{caption}</caption>
          {colgroup}
          <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>{head}</tr>
          </thead>
          <tbody className={isFetching ? "opacity-60" : ""}>
            {children}
            <TableStates {...states} />
          </tbody>
        </table>
      </div>
      {states.isError && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {failed}
        </p>
      )}
    </>
  );
}

/** A row of a list: a light rule under it and a hover tint. */
export const ROW = "border-b border-slate-100 last:border-0 hover:bg-slate-50";
/** A list cell. */
export const TD = "px-4 py-2.5";
