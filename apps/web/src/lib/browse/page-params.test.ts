import { describe, expect, it } from 'vitest';
import { parsePageParams } from './page-params';

describe('parsePageParams', () => {
  it('defaults to page 1 of 30', () => {
    expect(parsePageParams({})).toEqual({ page: 1, pageSize: 30 });
  });
  it('reads valid values', () => {
    expect(parsePageParams({ page: '3', 'page-size': '15' })).toEqual({ page: 3, pageSize: 15 });
    expect(parsePageParams({ page: '10000', 'page-size': '60' })).toEqual({ page: 10000, pageSize: 60 });
  });
  it.each([['0'], ['-2'], ['2.5'], ['abc'], [''], ['1e3'], ['10001'], ['99999999999']])(
    'falls back to page 1 for %j',
    (page) => {
      expect(parsePageParams({ page }).page).toBe(1);
    },
  );
  it.each([['20'], ['0'], ['abc'], ['15.0'], ['600']])('falls back to 30 items for page-size %j', (size) => {
    expect(parsePageParams({ 'page-size': size }).pageSize).toBe(30);
  });
  it('reads the first of repeated values', () => {
    expect(parsePageParams({ page: ['2', '5'], 'page-size': ['45', '15'] })).toEqual({ page: 2, pageSize: 45 });
  });
});
