// The page cache's tags header (decision 0103), in a module of its own: the lot page's proxy (lot-route.ts) sets
// it, the page cache (page-cache.mjs) reads it and takes it off the answer.

/** The lot page's render names what it shows here (`lot:<id> event:<id>`). */
export const PAGE_TAGS_HEADER = 'x-lotline-page-tags';

/** The tag of every browse and seller page: an event-level change (change-feed.mjs) ends them all. */
export const CATALOG_TAG = 'catalog';
