import type { Pagination } from "./manifest-types.ts";

type Page = Record<string, unknown>;

/**
 * Every item of a paged list, fetching pages as the loop asks for them: offset/limit lists advance
 * `offset` by the page's length until `total`; cursor lists follow `next_cursor` until it is empty.
 * `for await (const vault of client.earn.iterateVaults({ chain: "base" })) …` — break to stop early.
 */
export async function* paginate<Item>(
  fetchPage: (query: Record<string, unknown>) => Promise<Page>,
  query: Record<string, unknown> | undefined,
  pagination: Pagination,
): AsyncGenerator<Item, void, undefined> {
  let q: Record<string, unknown> = { ...query };
  for (;;) {
    const page = await fetchPage(q);
    const items = (page?.[pagination.itemsKey] ?? []) as Item[];
    yield* items;
    if (pagination.style === "offset") {
      const offset = Number(q.offset ?? page.offset ?? 0) + items.length;
      if (!items.length || offset >= Number(page.total)) return;
      q = { ...q, offset };
    } else {
      const next = page[pagination.nextKey];
      if (!next || !items.length) return;
      q = { ...q, [pagination.cursorParam]: next };
    }
  }
}
