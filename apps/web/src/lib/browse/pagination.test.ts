import { describe, expect, it } from 'vitest';
import { itemRangeText, pagedHref, pageLinkHref, pageWindow } from './pagination';

describe('itemRangeText', () => {
  it("reads 'a-b of n items' with grouped thousands", () => {
    expect(itemRangeText({ pageNumber: 1, pageSize: 30, totalItems: 2950, totalPages: 99 })).toBe(
      '1-30 of 2,950 items',
    );
    expect(itemRangeText({ pageNumber: 2, pageSize: 30, totalItems: 2950, totalPages: 99 })).toBe(
      '31-60 of 2,950 items',
    );
  });
  it('stops the range at the total on the last page', () => {
    expect(itemRangeText({ pageNumber: 4, pageSize: 30, totalItems: 95, totalPages: 4 })).toBe('91-95 of 95 items');
  });
  it('is null when there is nothing on the page', () => {
    expect(itemRangeText({ pageNumber: 1, pageSize: 30, totalItems: 0, totalPages: 0 })).toBeNull();
    expect(itemRangeText({ pageNumber: 9, pageSize: 30, totalItems: 95, totalPages: 4 })).toBeNull();
  });
});

const pages = (links: ReturnType<typeof pageWindow>) => links.map((l) => (l.kind === 'page' ? l.page : '…'));

describe('pageWindow', () => {
  it('is empty for a single page', () => {
    expect(pageWindow(1, 1)).toEqual([]);
  });
  it('shows first, last and neighbours with gaps', () => {
    expect(pages(pageWindow(1, 20))).toEqual([1, 2, '…', 20]);
    expect(pages(pageWindow(10, 20))).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(pages(pageWindow(20, 20))).toEqual([1, '…', 19, 20]);
  });
  it('fills a gap of one page with the page itself', () => {
    expect(pages(pageWindow(4, 20))).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });
  it('lists every page when there are few', () => {
    expect(pages(pageWindow(2, 4))).toEqual([1, 2, 3, 4]);
  });
});

describe('pageLinkHref', () => {
  const current = new URLSearchParams('keyword=lathe&page=3&page-size=45');
  it('changes the page and keeps other parameters', () => {
    expect(pageLinkHref('/marketplace/lots', current, { page: 4 })).toBe(
      '/marketplace/lots?keyword=lathe&page=4&page-size=45',
    );
  });
  it('drops defaults for a canonical address', () => {
    expect(pageLinkHref('/marketplace/lots', current, { page: 1, pageSize: 30 })).toBe(
      '/marketplace/lots?keyword=lathe',
    );
    expect(pageLinkHref('/marketplace/lots', new URLSearchParams('page=2'), { page: 1 })).toBe('/marketplace/lots');
  });
  it('does not modify the given parameters', () => {
    pageLinkHref('/marketplace/lots', current, { page: 9 });
    expect(current.get('page')).toBe('3');
  });
});

describe('pagedHref', () => {
  it('leaves the defaults out, so page 1 at 30 a page is the bare path', () => {
    expect(pagedHref('/catalog/p/lathe', { page: 1, pageSize: 30 })).toBe('/catalog/p/lathe');
    expect(pagedHref('/catalog/p/lathe', { page: 3, pageSize: 30 })).toBe('/catalog/p/lathe?page=3');
    expect(pagedHref('/catalog/p/lathe', { page: 2, pageSize: 15 })).toBe('/catalog/p/lathe?page-size=15&page=2');
  });
});
