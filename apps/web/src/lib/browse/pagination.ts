import type { Pagination } from '@lotline/contracts';
import { DEFAULT_PAGE_SIZE } from './page-params';

const count = new Intl.NumberFormat('en-US');

/**
 * Spec §2: 'a-b of n items', e.g. '31-60 of 2,950 items'. Thousands are
 * grouped for readability; `null` when the page holds nothing to count.
 */
export function itemRangeText({ pageNumber, pageSize, totalItems }: Pagination): string | null {
  const first = (pageNumber - 1) * pageSize + 1;
  if (totalItems === 0 || first > totalItems) return null;
  const last = Math.min(pageNumber * pageSize, totalItems);
  return `${count.format(first)}-${count.format(last)} of ${count.format(totalItems)} items`;
}

export type PageLink = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * Page numbers to show: the first, the last and `radius` either side of the
 * current one, with gaps between. Kept short so it fits a phone.
 */
export function pageWindow(current: number, totalPages: number, radius = 1): PageLink[] {
  if (totalPages <= 1) return [];
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const links: PageLink[] = [];
  sorted.forEach((page, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && page - prev === 2) links.push({ kind: 'page', page: prev + 1 });
    else if (prev !== undefined && page - prev > 2) links.push({ kind: 'gap', key: `gap-${prev}` });
    links.push({ kind: 'page', page });
  });
  return links;
}

/**
 * A browse URL with `page` / `page-size` changed and every other parameter
 * kept. Defaults are left out so each page has one canonical address.
 */
export function pageLinkHref(
  pathname: string,
  current: URLSearchParams,
  change: { page?: number; pageSize?: number },
): string {
  const next = new URLSearchParams(current);
  if (change.page !== undefined) {
    if (change.page === 1) next.delete('page');
    else next.set('page', String(change.page));
  }
  if (change.pageSize !== undefined) {
    if (change.pageSize === DEFAULT_PAGE_SIZE) next.delete('page-size');
    else next.set('page-size', String(change.pageSize));
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** `page-size` alone, when it is not the default: what a page of its own keeps in its page links. */
export function pageSizeParams(pageSize: number): URLSearchParams {
  const params = new URLSearchParams();
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set('page-size', String(pageSize));
  return params;
}

/**
 * A page of its own (seller, catalog product) at `page` and `pageSize`, defaults left out: its one address,
 * the same as its page links give (`page-size` first, then `page`).
 */
export function pagedHref(pathname: string, { page, pageSize }: { page: number; pageSize: number }): string {
  return pageLinkHref(pathname, pageSizeParams(pageSize), { page });
}
