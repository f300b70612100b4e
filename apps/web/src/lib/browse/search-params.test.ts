import { describe, expect, it } from 'vitest';
import { firstValue, toURLSearchParams } from './search-params';

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
