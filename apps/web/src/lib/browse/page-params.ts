import { PAGE_SIZES } from '@lotline/contracts/enums';
import { firstValue, type RawSearchParams } from './search-params';

export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 30;
/** The API refuses page numbers above this (contracts: pageNumber max 10 000). */
export const MAX_PAGE = 10_000;

export interface PageParams {
  page: number;
  pageSize: PageSize;
}

function isPageSize(n: number): n is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(n);
}

/**
 * `page` and `page-size` from the browse URL (spec §2). Anything that is not
 * a plain positive integer in range falls back to the default, so a
 * hand-edited or stale URL still renders a page instead of an error.
 */
export function parsePageParams(raw: RawSearchParams): PageParams {
  const pageText = firstValue(raw.page)?.trim() ?? '';
  const sizeText = firstValue(raw['page-size'])?.trim() ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const size = /^\d{1,3}$/.test(sizeText) ? Number(sizeText) : DEFAULT_PAGE_SIZE;
  return {
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
  };
}
