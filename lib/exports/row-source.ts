// What an export reads: a kind's columns and its rows of one tenant, mode and time range, in
// batches. A new export (balance transactions, say) is a column list and a `batches` function.
import type { ApiMode } from "../db/generated/enums.ts";
import { staleRead } from "../db/read-target.ts";
import type { Column } from "./columns.ts";

export interface ExportScope {
  tenantId: string;
  mode: ApiMode;
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface RowSource<Row> {
  /** The path segment and the file name's first word: `trades`. */
  kind: string;
  /** What one row is, for the documentation. */
  rowIs: string;
  columns: readonly Column<Row>[];
  batches: (scope: ExportScope) => AsyncIterable<readonly Row[]>;
}

/** Rows are read this many at a time: big enough that round trips do not dominate, small enough to hold. */
export const BATCH_SIZE = 1000;

export interface Keyset {
  createdAt: Date;
  id: string;
}

/**
 * Keyset paging over (createdAt, id): each batch starts after the last row of the one before, so a
 * batch costs the same at any depth and only one batch is held at a time. Ends on a short batch.
 * Each batch is read from a replica within the lag bound (lib/db/read-target.ts): a batch whose
 * replica fails is read again on the primary, never skipped.
 */
export async function* keysetBatches<Row extends Keyset>(
  scope: ExportScope,
  fetch: (after: Keyset | null, take: number) => Promise<Row[]>,
): AsyncIterable<Row[]> {
  let after: Keyset | null = null;
  for (;;) {
    const from: Keyset | null = after;
    const rows: Row[] = await staleRead("export", scope.tenantId, () => fetch(from, BATCH_SIZE));
    if (rows.length) yield rows;
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The Prisma `where` of a keyset page: in the range, and after `after` in (createdAt, id) order. */
export function keysetWhere(scope: ExportScope, after: Keyset | null) {
  return {
    tenantId: scope.tenantId,
    mode: scope.mode,
    // The lower bound moves with the cursor: PostgreSQL starts the index scan there. The OR alone
    // would be a filter on a scan from `from`, every batch re-reading all the rows before it.
    createdAt: { gte: after ? after.createdAt : scope.from, lt: scope.to },
    ...(after
      ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
      : {}),
  };
}

export const KEYSET_ORDER = [{ createdAt: "asc" as const }, { id: "asc" as const }];
