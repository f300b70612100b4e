import { describe, expect, it } from 'vitest';
import { firstValue, toURLSearchParams } from './search-params';
import { parseBrowseState } from './state';

describe('toURLSearchParams', () => {
  it('keeps repeated values and skips missing ones', () => {
    expect(toURLSearchParams({ a: ['1', '2'], b: 'x y', c: undefined }).toString()).toBe('a=1&a=2&b=x+y');
  });
});

describe('firstValue', () => {
  it('reads the first of a list or the value itself', () => {
    expect(firstValue(['2', '3'])).toBe('2');
    expect(firstValue('4')).toBe('4');
    expect(firstValue(undefined)).toBeUndefined();
  });
});

describe('values the API would refuse (decision 0028)', () => {
  it('are dropped like any malformed value, so the page renders instead of failing on a 400', () => {
    expect(firstValue('ID:\u0000')).toBeUndefined();
    expect(firstValue(['\ud800', 'ok'])).toBeUndefined();
    expect(firstValue('tab\tis fine')).toBe('tab\tis fine');
    const state = parseBrowseState(
      { keyword: 'ID:\u0000', manufacturer: 'Acme\u0000', 'product-category': '\u0000', 'event-id': '\u0000' },
      'assets',
    );
    expect(state.keyword).toBeUndefined();
    expect(state.manufacturer).toEqual([]);
    expect(state.productCategory).toBeUndefined();
  });
});
