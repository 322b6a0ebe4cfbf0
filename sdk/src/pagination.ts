// Lists as async iterables: `for await (const trade of client.trades.list({ … }))` reads page after
// page as the loop asks for more, and stops at the last one.

/** One page: its items, and how to ask for the next (undefined: this was the last). */
export interface Page<T, Cursor> {
  items: T[];
  next: Cursor | undefined;
}

export class PageIterator<T, Cursor = number> implements AsyncIterable<T> {
  readonly #first: Cursor;
  readonly #load: (cursor: Cursor) => Promise<Page<T, Cursor>>;

  constructor(first: Cursor, load: (cursor: Cursor) => Promise<Page<T, Cursor>>) {
    this.#first = first;
    this.#load = load;
  }

  /** Page by page, each as the array of its items. */
  async *pages(): AsyncGenerator<T[], void, undefined> {
    let cursor: Cursor | undefined = this.#first;
    while (cursor !== undefined) {
      const page: Page<T, Cursor> = await this.#load(cursor);
      yield page.items;
      cursor = page.next;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const items of this.pages()) yield* items;
  }

  /** Every item (or the first `limit`) in one array. */
  async toArray(limit = Infinity): Promise<T[]> {
    const all: T[] = [];
    for await (const item of this) {
      if (all.length >= limit) break;
      all.push(item);
    }
    return all;
  }
}

/** Page-numbered lists (`page`, `pageSize`, `pagination.totalCount`). */
export function numberedPages<T>(
  firstPage: number,
  load: (page: number) => Promise<{ items: T[]; pageSize: number; totalCount: number }>,
) {
  return new PageIterator<T, number>(firstPage, async (page) => {
    const { items, pageSize, totalCount } = await load(page);
    const more = items.length > 0 && items.length >= pageSize && page * pageSize < totalCount;
    return { items, next: more ? page + 1 : undefined };
  });
}
