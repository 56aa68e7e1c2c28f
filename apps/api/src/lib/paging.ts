import { pageOf, type PageQuery, type Paged } from '@fics/contracts';

/**
 * One page of a list read in SQL (architecture.md §4, §6.9), the one paging helper every list uses.
 * `fetch` reads `limit` rows from `offset` in the list's order; `count` answers the total and runs
 * only when the page alone cannot tell it (a first page shorter than the limit is the whole list).
 */
export async function readPage<T>(options: {
  query: PageQuery;
  fetch: (window: { limit: number; offset: number }) => Promise<T[]>;
  count: () => Promise<number>;
}): Promise<Paged<T>> {
  const { query } = options;
  const offset = (query.page - 1) * query.limit;
  const docs = await options.fetch({ limit: query.limit, offset });
  const knownTotal = docs.length > 0 && docs.length < query.limit ? offset + docs.length : undefined;
  const totalDocs = knownTotal ?? (await options.count());
  return pageOf(docs, query, totalDocs);
}

/** Escapes LIKE's wildcards (% _ and the escape character itself) in user input. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a search box: split on white space, at most `max` of them (extra words are ignored). */
export function searchWords(search: string | undefined, max = 8): string[] {
  return (search ?? '').split(/\s+/).filter(Boolean).slice(0, max);
}
